import { useQuery } from '@tanstack/react-query';
import { invoiceListResponseSchema, invoicePaths } from '@repo/contracts';
import { apiJson } from '@repo/ui';

const invoicesKey = ['my-invoices'] as const;
export const invoiceKey = (id: number) => [...invoicesKey, id] as const;

/** GET /api/payments/invoices: the signed-in customer's sent invoices, newest first (the Invoices page, My Appliances). */
export function useMyInvoices() {
  return useQuery({
    queryKey: invoicesKey,
    queryFn: async ({ signal }) => invoiceListResponseSchema.parse(await apiJson<unknown>('GET', `${invoicePaths.invoices}?pageSize=100`, undefined, { signal })),
    staleTime: 0,
  });
}
