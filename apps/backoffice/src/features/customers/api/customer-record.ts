import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  customerAppointmentsPath,
  customerAppointmentsSchema,
  customerNoteSchema,
  customerNotesPath,
  customerRecordPath,
  customerRecordSchema,
  customerServiceHistoryPath,
  invoiceListResponseSchema,
  invoicePaths,
  linkedServiceHistoryResponseSchema,
  type CustomerNote,
  type CustomerNoteRequest,
  type CustomerRecord,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

/** The record's calls, one service each, so a service that is down leaves the rest of the page working. */
const recordKey = (id: number) => ['customer-record', id] as const;
export const customerRecordKeys = {
  account: (id: number) => [...recordKey(id), 'account'] as const,
  appointments: (id: number) => [...recordKey(id), 'appointments'] as const,
  invoices: (id: number) => [...recordKey(id), 'invoices'] as const,
  serviceHistory: (id: number) => [...recordKey(id), 'service-history'] as const,
};

/** How many of a customer's invoices the record lists, newest first; the Invoices page has the rest. */
export const customerInvoicesShown = 20;

/** GET /api/admin/customers/:id (accounts): the account, its linked imported customer and the staff notes. */
export function useCustomerRecord(id: number) {
  return useQuery({
    queryKey: customerRecordKeys.account(id),
    queryFn: async ({ signal }) => customerRecordSchema.parse(await adminApi.json<unknown>('GET', customerRecordPath(id), undefined, { signal })),
    staleTime: 0,
  });
}

/** GET /api/appointments/by-customer?customerId= (booking): appointments, appliances, service requests. */
export function useCustomerAppointments(id: number) {
  return useQuery({
    queryKey: customerRecordKeys.appointments(id),
    queryFn: async ({ signal }) =>
      customerAppointmentsSchema.parse(await adminApi.json<unknown>('GET', `${customerAppointmentsPath}?customerId=${id}`, undefined, { signal })),
    staleTime: 0,
  });
}

/** GET /api/payments/invoices?customerId= (payments): the customer's invoices with what is paid and owed. */
export function useCustomerInvoices(id: number) {
  return useQuery({
    queryKey: customerRecordKeys.invoices(id),
    queryFn: async ({ signal }) =>
      invoiceListResponseSchema.parse(await adminApi.json<unknown>('GET', `${invoicePaths.invoices}?customerId=${id}&pageSize=${customerInvoicesShown}`, undefined, { signal })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/customers/:id/service-history (accounts, reading the field-service system): asked once per visit. */
export function useCustomerServiceHistory(id: number, linked: boolean) {
  return useQuery({
    queryKey: customerRecordKeys.serviceHistory(id),
    queryFn: async ({ signal }) =>
      linkedServiceHistoryResponseSchema.parse(await adminApi.json<unknown>('GET', customerServiceHistoryPath(id), undefined, { signal })).customer,
    enabled: linked,
    retry: false,
  });
}

/** POST /api/admin/customers/:id/notes: the note as saved (author and time) goes to the top of the record's notes. */
export function useAddCustomerNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: CustomerNoteRequest): Promise<CustomerNote> => customerNoteSchema.parse(await adminApi.json<unknown>('POST', customerNotesPath(id), note)),
    onSuccess: (note) => {
      queryClient.setQueryData<CustomerRecord>(customerRecordKeys.account(id), (record) => (record ? { ...record, notes: [note, ...record.notes] } : record));
    },
  });
}
