import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoicePaths, priceBookItemSchema, priceBookListResponseSchema, type PriceBookItemInput } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const priceBookKey = ['price-book'] as const;

/** GET /api/payments/price-book (staff): every item, services first; `activeOnly` for what may go on an invoice. */
export function usePriceBook({ activeOnly = false }: { activeOnly?: boolean } = {}) {
  return useQuery({
    queryKey: [...priceBookKey, activeOnly] as const,
    queryFn: async ({ signal }) =>
      priceBookListResponseSchema.parse(await adminApi.json<unknown>('GET', `${invoicePaths.priceBook}${activeOnly ? '?active=true' : ''}`, undefined, { signal })),
    staleTime: 0,
  });
}

/** POST /api/payments/price-book (a new item) or PUT /api/payments/price-book/:id (a change). */
export function useSavePriceBookItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, item }: { id: number | undefined; item: PriceBookItemInput }) =>
      priceBookItemSchema.parse(await adminApi.json<unknown>(id === undefined ? 'POST' : 'PUT', id === undefined ? invoicePaths.priceBook : `${invoicePaths.priceBook}/${id}`, item)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceBookKey }),
  });
}

/** DELETE /api/payments/price-book/:id: invoices keep their copy of the item. */
export function useDeletePriceBookItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await adminApi.request('DELETE', `${invoicePaths.priceBook}/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceBookKey }),
  });
}
