import { createPaymentIntentRequestSchema, paymentAmountSchema } from '@repo/contracts';
import { typedAmount } from './money.ts';

export type PaymentDetails = { amount: number; description: string };

/**
 * The amount and description a link asks for (`/payment?amount=189.50&description=Dryer%20repair`, as the portal's
 * Pay balance sends), each checked with the form's own rules. A missing or invalid value leaves that default alone.
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
    const description = createPaymentIntentRequestSchema.shape.description.safeParse(descriptionText);
    if (description.success) details.description = description.data;
  }
  return details;
}
