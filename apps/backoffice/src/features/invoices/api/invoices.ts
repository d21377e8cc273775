import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  estimateListResponseSchema,
  estimatePaths,
  invoiceListResponseSchema,
  invoicePaths,
  invoiceSchema,
  type Invoice,
  type InvoiceLineInput,
  type InvoiceListQuery,
  type RefundRequest,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const invoicesKey = ['invoices'] as const;
const invoiceKey = (id: number) => [...invoicesKey, 'one', id] as const;

/** GET /api/payments/invoices?status=&search=&appointmentId=&page=: newest first, a page at a time. */
export function useInvoiceList(query: InvoiceListQuery) {
  return useQuery({
    queryKey: [...invoicesKey, 'list', query] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
      return invoiceListResponseSchema.parse(await adminApi.json<unknown>('GET', `${invoicePaths.invoices}?${params}`, undefined, { signal }));
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/payments/invoices/:id: lines, totals, payments and refunds. */
export function useInvoice(id: number) {
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: async ({ signal }) => invoiceSchema.parse(await adminApi.json<unknown>('GET', invoicePaths.invoice(id), undefined, { signal })),
    staleTime: 0,
  });
}

/** The invoice as the server answered a change: shown at once, and the lists asked again. */
function useInvoiceChange<V>(change: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V): Promise<Invoice> => invoiceSchema.parse(await change(variables)),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKey(invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
    },
  });
}

/** POST /api/payments/invoices: a draft for the appointment. */
export const useCreateInvoice = () => useInvoiceChange((appointmentId: number) => adminApi.json<unknown>('POST', invoicePaths.invoices, { appointmentId, lines: [] }));

/** PUT /api/payments/invoices/:id/lines: while a draft, or sent with nothing paid. */
export const useUpdateInvoiceLines = (id: number) => useInvoiceChange((lines: InvoiceLineInput[]) => adminApi.json<unknown>('PUT', `${invoicePaths.invoice(id)}/lines`, { lines }));

/** POST /api/payments/invoices/:id/send: the customer sees it in the portal and it falls due. */
export const useSendInvoice = (id: number) => useInvoiceChange(() => adminApi.json<unknown>('POST', `${invoicePaths.invoice(id)}/send`));

/** POST /api/payments/invoices/:id/void with the reason (refused while the invoice holds money). */
export const useVoidInvoice = (id: number) => useInvoiceChange((reason: string) => adminApi.json<unknown>('POST', `${invoicePaths.invoice(id)}/void`, { reason }));

/** POST /api/payments/invoices/:id/refunds: all or part of one payment, through the provider. */
export const useRefundPayment = (id: number) => useInvoiceChange((refund: RefundRequest) => adminApi.json<unknown>('POST', `${invoicePaths.invoice(id)}/refunds`, refund));

/** GET /api/payments/estimates?appointmentId=: the visit's estimates with the customer's signed answers. */
export function useVisitEstimates(appointmentId: number) {
  return useQuery({
    queryKey: ['estimates', appointmentId] as const,
    queryFn: async ({ signal }) => estimateListResponseSchema.parse(await adminApi.json<unknown>('GET', estimatePaths.forAppointment(appointmentId), undefined, { signal })),
    staleTime: 0,
  });
}
