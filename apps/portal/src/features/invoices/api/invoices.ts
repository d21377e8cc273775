import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceListResponseSchema, invoicePaths, invoiceSchema, payInvoiceResponseSchema, type DemoConfirmRequest, type DemoConfirmResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';

const invoicesKey = ['my-invoices'] as const;
export const invoiceKey = (id: number) => [...invoicesKey, id] as const;

/** GET /api/payments/invoices: the signed-in customer's sent invoices, newest first. */
export function useMyInvoices() {
  return useQuery({
    queryKey: invoicesKey,
    queryFn: async ({ signal }) => invoiceListResponseSchema.parse(await apiJson<unknown>('GET', `${invoicePaths.invoices}?pageSize=100`, undefined, { signal })),
    staleTime: 0,
  });
}

/**
 * GET /api/payments/invoices/:id. While a payment was just made and the invoice is not paid yet (the provider's
 * confirmation reaches the server on its own), it is asked again every second.
 */
export function useMyInvoice(id: number, { waitingForPayment }: { waitingForPayment: boolean }) {
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: async ({ signal }) => invoiceSchema.parse(await apiJson<unknown>('GET', invoicePaths.invoice(id), undefined, { signal })),
    staleTime: 0,
    refetchInterval: (query) => (waitingForPayment && query.state.data?.payable ? 1000 : false),
  });
}

/** POST /api/payments/invoices/:id/pay: the server makes the intent for the balance; the Idempotency-Key makes a retry answer the same one. */
export function usePayInvoice(id: number) {
  return useMutation({
    mutationFn: async ({ idempotencyKey }: { idempotencyKey: string }) =>
      payInvoiceResponseSchema.parse(await apiJson<unknown>('POST', `${invoicePaths.invoice(id)}/pay`, {}, { headers: { 'Idempotency-Key': idempotencyKey } })),
  });
}

/** POST /api/payments/demo/confirm: the demo provider's stand-in for Stripe's confirmPayment (no card is charged). */
export function useConfirmDemoPayment(invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DemoConfirmRequest) => apiJson<DemoConfirmResponse>('POST', '/api/payments/demo/confirm', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKey(invoiceId) }),
  });
}
