import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invoiceAccessHeader,
  invoicePaths,
  invoiceSchema,
  payInvoiceResponseSchema,
  type DemoConfirmRequest,
  type DemoConfirmResponse,
} from '@repo/contracts';
import { apiJson, apiRequest, saveFile, suggestedFileName } from '@repo/ui';
import { invoiceKey } from '../../../lib/api/invoices.ts';


/** The header that carries an invoice link's key, or none for the signed-in customer (the session cookie speaks for them). */
export const invoiceAccessHeaders = (accessKey: string | undefined): Record<string, string> | undefined => (accessKey ? { [invoiceAccessHeader]: accessKey } : undefined);

/**
 * GET /api/payments/invoices/:id, as the signed-in customer or with the invoice link's key. While a payment was just
 * made and the invoice is not paid yet (the provider's confirmation reaches the server on its own), it is asked again
 * every second.
 */
export function useMyInvoice(id: number, { waitingForPayment, accessKey }: { waitingForPayment: boolean; accessKey?: string }) {
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: async ({ signal }) => invoiceSchema.parse(await apiJson<unknown>('GET', invoicePaths.invoice(id), undefined, { signal, headers: invoiceAccessHeaders(accessKey) })),
    staleTime: 0,
    refetchInterval: (query) => (waitingForPayment && query.state.data?.payable ? 1000 : false),
  });
}

/** POST /api/payments/invoices/:id/pay: the server makes the intent for the balance; the Idempotency-Key makes a retry answer the same one. */
export function usePayInvoice(id: number, accessKey?: string) {
  return useMutation({
    mutationFn: async ({ idempotencyKey }: { idempotencyKey: string }) =>
      payInvoiceResponseSchema.parse(
        await apiJson<unknown>('POST', `${invoicePaths.invoice(id)}/pay`, {}, { headers: { 'Idempotency-Key': idempotencyKey, ...invoiceAccessHeaders(accessKey) } }),
      ),
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

/**
 * Downloads the invoice's PDF (or receipt) with the link's key in its header, which a plain link cannot send: fetched,
 * then saved under the server's file name. A refusal throws with the server's words (an expired link says so).
 */
export async function downloadWithKey(path: string, accessKey: string, fallbackName: string): Promise<void> {
  const response = await apiRequest('GET', path, undefined, { headers: invoiceAccessHeaders(accessKey) });
  saveFile(await response.blob(), suggestedFileName(response.headers.get('content-disposition')) ?? fallbackName);
}
