import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { payment, paymentDescriptionMax, paymentReferenceMax } from '@repo/contracts';
import { forgetEarlyInput, useFieldErrors, withEarlyInput, type FieldErrors } from '@repo/ui';
import { loadDetailsChecks, type PaymentDetails } from '../lib/details.ts';
import { formatUsd, refusedAmountMessage, typedAmount } from '../lib/money.ts';

export type DetailsErrors = FieldErrors<keyof PaymentDetails>;

export type AmountFormProps = {
  initial: PaymentDetails;
  /**
   * False while the prerendered page hydrates (typing would be lost and a click would submit the form natively) and
   * while a link's values are being read; the fields are disabled until then.
   */
  ready: boolean;
  /** Field messages from the server, shown under the fields. */
  serverErrors?: DetailsErrors;
  /** Why setting up the payment failed last time, with a way to try again. */
  failure?: string;
  onSubmit: (details: PaymentDetails) => void;
};

/**
 * Step A: amount, description, and optionally the receipt email and an invoice or appointment reference. The amount
 * field is a number input (step 0.01, minimum 1) whose typed value is kept only when it reads as a
 * number above 0; otherwise the previous amount stays (the field shows it with two decimals again when it loses
 * focus), and a message under the field says why the typed value was not used and what will be paid.
 */
export function AmountForm({ initial, ready, serverErrors, failure, onSubmit }: AmountFormProps) {
  const [amount, setAmount] = useState(initial.amount);
  const [amountText, setAmountText] = useState(initial.amount.toFixed(payment.decimals));
  const [refused, setRefused] = useState<string | undefined>(undefined);
  // What was typed or autofilled in the prerendered fields before the scripts ran wins over the starting values.
  const [early] = useState(() => withEarlyInput({ description: initial.description, payerEmail: initial.payerEmail, reference: initial.reference }));
  useEffect(() => forgetEarlyInput(Object.keys(early)), [early]);
  const [description, setDescription] = useState(early.description);
  const [payerEmail, setPayerEmail] = useState(early.payerEmail);
  const [reference, setReference] = useState(early.reference);
  const errors = useFieldErrors<keyof PaymentDetails>();
  const { show } = errors;
  // Without the checks' code (the connection dropped since the page loaded) nothing can be checked or sent.
  const [checksFailure, setChecksFailure] = useState<string | undefined>(undefined);

  // The server's messages for the last attempt, shown (and the first field focused) when the form comes back.
  useEffect(() => {
    if (serverErrors) show(serverErrors);
  }, [serverErrors, show]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAmountText(amount.toFixed(payment.decimals));
    setRefused(undefined);
    let checks: Awaited<ReturnType<typeof loadDetailsChecks>>;
    try {
      checks = await loadDetailsChecks();
    } catch {
      setChecksFailure('We could not reach the payment service. Please check your connection.');
      return;
    }
    setChecksFailure(undefined);
    const parsed = errors.check(checks.paymentDetailsSchema, { amount, description, payerEmail, reference });
    if (parsed) onSubmit({ amount, description: parsed.description, payerEmail: parsed.payerEmail ?? '', reference: parsed.reference ?? '' });
  }

  return (
    <form
      {...errors.scopeProps}
      onSubmit={(event) => void submit(event)}
      // The checks are fetched as soon as the payer starts on the form, so submitting does not wait for them.
      onFocus={() => void loadDetailsChecks().catch(() => undefined)}
      noValidate
      aria-label="Payment details"
    >
      <Stack gap="md">
        {(checksFailure ?? failure) ? (
          <Alert color="red" variant="light" role="alert" title={<Text component="span" fw={700} c="red.9">We couldn&apos;t set up your payment</Text>}>
            {checksFailure ?? failure} Check the details and choose Proceed to Payment to try again, or call us to pay by phone.
          </Alert>
        ) : null}
        <TextInput
          disabled={!ready}
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
          disabled={!ready}
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
          disabled={!ready}
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
          disabled={!ready}
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
          <Button type="submit" size="md" fullWidth disabled={!ready}>
            Proceed to Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
