import { createPaymentIntentRequestSchema, paymentAmountSchema } from '@repo/contracts';
import type { PaymentDetails } from './payment-details.ts';
import { typedAmount } from './money.ts';

/** The form's rules: the contract of `POST /api/create-payment-intent`. */
export const paymentDetailsSchema = createPaymentIntentRequestSchema;

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
