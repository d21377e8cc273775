import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPayment } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { isSettled } from '../lib/payment-status.ts';

/** How often, and how many times, the confirmation page asks again while the provider has not settled the payment. */
export const paymentPollMs = 2000;
export const paymentPollLimit = 30;

/** GET /api/payments/:paymentIntentId: status, amount, description and date of one payment. */
export function fetchPayment(paymentIntentId: string, signal?: AbortSignal): Promise<PublicPayment> {
  return apiJson<PublicPayment>('GET', `/api/payments/${encodeURIComponent(paymentIntentId)}`, undefined, { signal });
}

export const paymentQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['/api/payments', paymentIntentId],
    queryFn: ({ signal }) => fetchPayment(paymentIntentId, signal),
    // The record can still change (a webhook settles it), so the page reads it fresh each time it is opened.
    staleTime: 0,
  });

/** The payment, asked again every 2 s (for a minute at most) until it has succeeded, failed or been canceled. */
export function usePayment(paymentIntentId: string) {
  return useQuery({
    ...paymentQuery(paymentIntentId),
    refetchInterval: (query) => {
      const payment = query.state.data;
      if (!payment || isSettled(payment.status) || query.state.dataUpdateCount >= paymentPollLimit) return false;
      return paymentPollMs;
    },
  });
}
