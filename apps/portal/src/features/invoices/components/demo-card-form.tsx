import { useRef, useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { demoConfirmRequestSchema, demoTestCards, formatCents } from '@repo/contracts';
import { DemoCardsNotice, errorMessage, fieldErrorsOf, useFieldErrors } from '@repo/ui';
import { useConfirmDemoPayment } from '../api/invoices.ts';
import { DeclinedNotice } from './declined-notice.tsx';

const cardNumberSchema = demoConfirmRequestSchema.pick({ cardNumber: true });

/**
 * The demo provider's card form (no Stripe keys set), as on the public site's payment page: clearly labelled, it takes
 * only the documented test cards and charges nothing.
 */
export function DemoCardForm({ invoiceId, paymentIntentId, clientSecret, amountCents, onPaid }: { invoiceId: number; paymentIntentId: string; clientSecret: string; amountCents: number; onPaid: () => void }) {
  const [cardNumber, setCardNumber] = useState('');
  const [declined, setDeclined] = useState<string>();
  const errors = useFieldErrors<'cardNumber'>();
  const confirm = useConfirmDemoPayment(invoiceId);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!errors.check(cardNumberSchema, { cardNumber })) return;
    setDeclined(undefined);
    try {
      const { payment, failureMessage } = await confirm.mutateAsync({ paymentIntentId, clientSecret, cardNumber });
      if (payment.status === 'succeeded') {
        onPaid();
        return;
      }
      setDeclined(failureMessage ?? 'Your payment could not be completed.');
      input.current?.select();
    } catch (error) {
      const cardProblem = fieldErrorsOf(error, ['cardNumber'] as const);
      if (cardProblem.cardNumber) errors.show(cardProblem);
      else setDeclined(errorMessage(error, 'We could not reach the payment service. Please check your connection and try again.'));
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
          readOnly={confirm.isPending}
          onChange={(event) => {
            setCardNumber(event.currentTarget.value);
            errors.clear('cardNumber');
          }}
        />
        <DeclinedNotice message={declined} />
        <Button type="submit" size="md" fullWidth disabled={confirm.isPending}>
          {confirm.isPending ? 'Processing...' : `Pay ${formatCents(amountCents)}`}
        </Button>
      </Stack>
    </form>
  );
}
