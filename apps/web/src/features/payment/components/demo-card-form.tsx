import { useRef, useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { demoConfirmRequestSchema, demoTestCards, type PublicPayment } from '@repo/contracts';
import { DemoCardsNotice, errorMessage, fieldErrorsOf, useFieldErrors } from '@repo/ui';
import { useConfirmDemoPayment } from '../api/confirm-demo-payment.ts';
import { formatUsd } from '../lib/money.ts';
import { DeclinedNotice } from './declined-notice.tsx';

const cardNumberSchema = demoConfirmRequestSchema.pick({ cardNumber: true });
const cardFields = ['cardNumber'] as const;


export type DemoCardFormProps = {
  paymentIntentId: string;
  clientSecret: string;
  amount: number;
  onPaid: (payment: PublicPayment) => void;
  onFailed: (message: string) => void;
};

/**
 * The card form of the demo provider (no Stripe keys configured): clearly labelled, it takes only the documented test
 * cards and charges nothing, so the whole payment flow can be tried on a fresh machine.
 */
export function DemoCardForm({ paymentIntentId, clientSecret, amount, onPaid, onFailed }: DemoCardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  // The provider's message for the last refused attempt, shown beside the form until the next attempt.
  const [declined, setDeclined] = useState<string>();
  const errors = useFieldErrors<'cardNumber'>();
  const confirm = useConfirmDemoPayment();
  const input = useRef<HTMLInputElement>(null);
  const processing = confirm.isPending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    if (!errors.check(cardNumberSchema, { cardNumber })) return;
    setDeclined(undefined);
    try {
      const { payment, failureMessage } = await confirm.mutateAsync({ paymentIntentId, clientSecret, cardNumber });
      if (payment.status === 'succeeded') {
        onPaid(payment);
        return;
      }
      const message = failureMessage ?? 'Your payment could not be completed.';
      setDeclined(message);
      onFailed(message);
      input.current?.select();
      input.current?.focus();
    } catch (error) {
      const cardProblem = fieldErrorsOf(error, cardFields);
      if (cardProblem.cardNumber) {
        errors.show(cardProblem);
        return;
      }
      const message = errorMessage(error, 'We could not reach the payment service. Please check your connection and try again.');
      setDeclined(message);
      onFailed(message);
    }
  }

  return (
    <form {...errors.scopeProps} onSubmit={submit} noValidate aria-label="Demo card payment">
      <Stack gap="md">
        <DemoCardsNotice />
        <TextInput
          ref={input}
          label="Card number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          placeholder={demoTestCards.succeeds}
          required
          value={cardNumber}
          {...errors.inputProps('cardNumber')}
          readOnly={processing}
          onChange={(event) => {
            setCardNumber(event.currentTarget.value);
            errors.clear('cardNumber');
          }}
        />
        <DeclinedNotice message={declined} />
        <Button type="submit" size="md" fullWidth disabled={processing}>
          {processing ? 'Processing...' : `Pay ${formatUsd(amount)}`}
        </Button>
      </Stack>
    </form>
  );
}
