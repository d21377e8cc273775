import type { PaymentProviderName, PaymentStatus } from '@repo/contracts';

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** Badge colours: paid green, declined red, on the way blue, waiting and closed grey. */
export const paymentStatusColors: Record<PaymentStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
  canceled: 'dark',
};

export const providerLabels: Record<PaymentProviderName, string> = { stripe: 'Stripe', demo: 'Demo (no card charged)' };
