import type { PaymentStatus } from '@repo/contracts';

/** A status the confirmation page stops asking about: the payer has an answer. */
export const isSettled = (status: PaymentStatus): boolean => status === 'succeeded' || status === 'failed' || status === 'canceled';
