import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paymentListResponseSchema, type PaymentListFilters } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

export const paymentsPath = '/api/payments';

/**
 * GET /api/payments?status=&provider=&from=&to=&reference=&page=&pageSize=: the ledger, newest first, a page at a
 * time. Not asked while the filters are invalid (undefined); each visit asks again.
 */
export function usePaymentLedger(filters: PaymentListFilters | undefined) {
  return useQuery({
    queryKey: ['payments', filters ?? null] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams(Object.entries(filters ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      return paymentListResponseSchema.parse(await adminApi.json<unknown>('GET', `${paymentsPath}?${params}`, undefined, { signal }));
    },
    enabled: filters !== undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
