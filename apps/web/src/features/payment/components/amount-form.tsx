import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { createPaymentIntentRequestSchema, payment, paymentDescriptionMax, paymentReferenceMax } from '@repo/contracts';
import { useFieldErrors, useHydrated, type FieldErrors } from '@repo/ui';
import { formatUsd, refusedAmountMessage, typedAmount } from '../lib/money.ts';
import type { PaymentDetails } from '../lib/prefill.ts';

export type DetailsErrors = FieldErrors<keyof PaymentDetails>;

export type AmountFormProps = {
  initial: PaymentDetails;
  /** Field messages from the server, shown under the fields. */
  serverErrors?: DetailsErrors;
  /** Why setting up the payment failed last time, with a way to try again. */
  failure?: string;
  onSubmit: (details: PaymentDetails) => void;
};

/**
 * Step A: amount, description, and optionally the receipt email and an invoice or appointment reference. The amount
 * field follows the spec: a number input (step 0.01, minimum 1) whose typed value is kept only when it reads as a
 * number above 0; otherwise the previous amount stays (the field shows it with two decimals again when it loses
 * focus), and a message under the field says why the typed value was not used and what will be paid.
 */
export function AmountForm({ initial, serverErrors, failure, onSubmit }: AmountFormProps) {
  // Prerendered: until React has attached, typing would be lost and a click would submit the form natively.
  const hydrated = useHydrated();
  const [amount, setAmount] = useState(initial.amount);
  const [amountText, setAmountText] = useState(initial.amount.toFixed(payment.decimals));
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const [description, setDescription] = useState(initial.description);
  const [payerEmail, setPayerEmail] = useState(initial.payerEmail);
  const [reference, setReference] = useState(initial.reference);
  const errors = useFieldErrors<keyof PaymentDetails>();
  const { show } = errors;

  // The server's messages for the last attempt, shown (and the first field focused) when the form comes back.
  useEffect(() => {
    if (serverErrors) show(serverErrors);
  }, [serverErrors, show]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAmountText(amount.toFixed(payment.decimals));
    setRefused(undefined);
    const parsed = errors.check(createPaymentIntentRequestSchema, { amount, description, payerEmail, reference });
    if (parsed) onSubmit({ amount, description: parsed.description, payerEmail: parsed.payerEmail ?? '', reference: parsed.reference ?? '' });
  }

  return (
    <form {...errors.scopeProps} onSubmit={submit} noValidate aria-label="Payment details">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">We couldn&apos;t set up your payment</Text>}>
            {failure} Check the details and choose Proceed to Payment to try again, or call us to pay by phone.
          </Alert>
        ) : null}
        <TextInput
          disabled={!hydrated}
          label="Amount (USD)"
          name="amount"
          type="number"
          inputMode="decimal"
          step={payment.step}
          min={payment.minAmount}
          max={payment.maxAmount}
          required
          leftSection={<span aria-hidden="true">$</span>}
          description={`You will pay ${formatUsd(amount)}. The amount is on your invoice or estimate.`}
          value={amountText}
          {...errors.inputProps('amount')}
          error={errors.errors.amount ?? refused}
          aria-invalid={Boolean(errors.errors.amount ?? refused)}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setAmountText(text);
            const value = typedAmount(text);
            if (value !== undefined) setAmount(value);
            setRefused(refusedAmountMessage(text, amount));
            errors.clear('amount');
          }}
          onBlur={() => setAmountText(amount.toFixed(payment.decimals))}
        />
        <TextInput
          disabled={!hydrated}
          label="Description"
          name="description"
          description="What the payment is for, such as an invoice number or the repair."
          maxLength={paymentDescriptionMax}
          autoComplete="off"
          value={description}
          {...errors.inputProps('description')}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setDescription(text);
            errors.clear('description');
          }}
        />
        <TextInput
          disabled={!hydrated}
          label="Email for your receipt (optional)"
          name="payerEmail"
          type="email"
          autoComplete="email"
          description="Our payment provider emails the receipt here."
          maxLength={254}
          value={payerEmail}
          {...errors.inputProps('payerEmail')}
          onChange={(event) => {
            setPayerEmail(event.currentTarget.value);
            errors.clear('payerEmail');
          }}
        />
        <TextInput
          disabled={!hydrated}
          label="Invoice or appointment number (optional)"
          name="reference"
          autoComplete="off"
          description="From your invoice or booking confirmation, such as INV-1042 or SA-7KQ2MZ, so we can match your payment."
          maxLength={paymentReferenceMax}
          value={reference}
          {...errors.inputProps('reference')}
          onChange={(event) => {
            setReference(event.currentTarget.value);
            errors.clear('reference');
          }}
        />
        <Group>
          <Button type="submit" size="md" fullWidth disabled={!hydrated}>
            Proceed to Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
