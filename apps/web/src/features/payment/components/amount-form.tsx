import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { createPaymentIntentRequestSchema, payment, paymentDescriptionMax } from '@repo/contracts';
import { useHydrated } from '@repo/ui';
import { formatUsd, typedAmount } from '../lib/money.ts';

export type PaymentDetails = { amount: number; description: string };
export type DetailsErrors = Partial<Record<keyof PaymentDetails, string>>;

export type AmountFormProps = {
  initial: PaymentDetails;
  /** Field messages from the server, shown under the fields. */
  serverErrors?: DetailsErrors;
  /** Why setting up the payment failed last time, with a way to try again. */
  failure?: string;
  onSubmit: (details: PaymentDetails) => void;
};

function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DetailsErrors {
  const errors: DetailsErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'amount' || field === 'description') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Step A: amount and description. The amount field follows the spec: a number input (step 0.01, minimum 1) whose
 * typed value is kept only when it reads as a number above 0; otherwise the previous amount stays, and the field
 * shows it with two decimals again when it loses focus.
 */
export function AmountForm({ initial, serverErrors, failure, onSubmit }: AmountFormProps) {
  // Prerendered: until React has attached, typing would be lost and a click would submit the form natively.
  const hydrated = useHydrated();
  const [amount, setAmount] = useState(initial.amount);
  const [amountText, setAmountText] = useState(initial.amount.toFixed(payment.decimals));
  const [description, setDescription] = useState(initial.description);
  const [errors, setErrors] = useState<DetailsErrors>(serverErrors ?? {});
  const amountInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAmountText(amount.toFixed(payment.decimals));
    const parsed = createPaymentIntentRequestSchema.safeParse({ amount, description });
    if (!parsed.success) {
      const found = firstMessages(parsed.error.issues);
      setErrors(found);
      (found.amount ? amountInput : descriptionInput).current?.focus();
      return;
    }
    setErrors({});
    onSubmit({ amount, description: parsed.data.description });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Payment details">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" title="We couldn't set up your payment" role="alert">
            {failure} Check the details and choose Proceed to Payment to try again, or call us to pay by phone.
          </Alert>
        ) : null}
        <TextInput
          disabled={!hydrated}
          ref={amountInput}
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
          error={errors.amount}
          aria-invalid={Boolean(errors.amount)}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setAmountText(text);
            const value = typedAmount(text);
            if (value !== undefined) setAmount(value);
            if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
          }}
          onBlur={() => setAmountText(amount.toFixed(payment.decimals))}
        />
        <TextInput
          disabled={!hydrated}
          ref={descriptionInput}
          label="Description"
          name="description"
          description="What the payment is for, such as an invoice number or the repair."
          maxLength={paymentDescriptionMax}
          autoComplete="off"
          value={description}
          error={errors.description}
          aria-invalid={Boolean(errors.description)}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setDescription(text);
            if (errors.description) setErrors((current) => ({ ...current, description: undefined }));
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
