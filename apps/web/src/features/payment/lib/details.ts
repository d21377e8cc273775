import type { PaymentDetails } from './payment-details.ts';

export type { PaymentDetails };

/** The query parameters a payment link may fill the form with (`?amount=189.50&description=…&reference=…`). */
const linkedFields = ['amount', 'description', 'reference'] as const;

/** Whether the address carries values for the form, which the form's checks then read. */
export const hasLinkedDetails = (search: URLSearchParams): boolean => linkedFields.some((name) => search.has(name));

/** Whether two sets of details would make the same payment (one idempotency key serves both). */
export const sameDetails = (a: PaymentDetails, b: PaymentDetails): boolean =>
  a.amount === b.amount && a.description === b.description && a.payerEmail === b.payerEmail && a.reference === b.reference;

/**
 * The contract's checks of the details (zod and the payment schemas), loaded when the form needs them: the link's
 * values once the page has hydrated, the payer's on submit (fetched as soon as the form is focused). The first load
 * of the page stays without them.
 */
export const loadDetailsChecks = () => import('./details-checks.ts');
