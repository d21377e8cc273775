import { createPaymentIntentRequestSchema, paymentAmountSchema } from '@repo/contracts';
import { typedAmount } from './money.ts';

/** What the payer enters in step A; the receipt email and the reference are optional ('' when not given). */
export type PaymentDetails = { amount: number; description: string; payerEmail: string; reference: string };

const fields = createPaymentIntentRequestSchema.shape;

/**
 * The amount, description and reference a link asks for (`/payment?amount=189.50&description=Dryer%20repair&reference=SA-7KQ2MZ`,
 * as the portal's Pay balance sends), each checked with the form's own rules. A missing or invalid value leaves that
 * default alone.
 */
export function paymentDetailsFromSearch(search: URLSearchParams, defaults: PaymentDetails): PaymentDetails {
  const details = { ...defaults };
  const amountText = search.get('amount');
  if (amountText !== null) {
    const amount = paymentAmountSchema.safeParse(typedAmount(amountText));
    if (amount.success) details.amount = amount.data;
  }
  const descriptionText = search.get('description');
  if (descriptionText !== null && descriptionText.trim() !== '') {
    const description = fields.description.safeParse(descriptionText);
    if (description.success) details.description = description.data;
  }
  const reference = fields.reference.safeParse(search.get('reference') ?? undefined);
  if (reference.success && reference.data) details.reference = reference.data;
  return details;
}

/** Whether two sets of details would make the same payment (one idempotency key serves both). */
export const sameDetails = (a: PaymentDetails, b: PaymentDetails): boolean =>
  a.amount === b.amount && a.description === b.description && a.payerEmail === b.payerEmail && a.reference === b.reference;
