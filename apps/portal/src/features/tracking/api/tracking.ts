import { useQuery } from '@tanstack/react-query';
import { invoiceListResponseSchema, invoicePaths, tracking, type TechnicianView, type TrackingRecord } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { appointmentAccessHeaders } from '@repo/ui/api';
import { queryKeys } from '../../../lib/query-keys.ts';

export const trackingApi = {
  record: (appointmentId: number) => `/api/tracking/${appointmentId}`,
  technician: (technicianId: string, appointmentId: number) =>
    `/api/technicians/${encodeURIComponent(technicianId)}?appointment=${appointmentId}`,
} as const;

/** Whether the visit can still change: neither closed (unassigned, cancelled) nor complete. */
export const isOngoing = (record: TrackingRecord): boolean => record.closed === null && record.status !== 'completed';

/**
 * GET /api/tracking/:appointmentId as the owner (cookie) or with the link's token. Refetched every 30 s while the
 * visit can still change, so the page stays current when the live socket is down.
 */
export function useTracking(appointmentId: number, accessToken: string | undefined) {
  return useQuery({
    queryKey: queryKeys.tracking(appointmentId),
    queryFn: ({ signal }) => apiJson<TrackingRecord>('GET', trackingApi.record(appointmentId), undefined, { signal, headers: appointmentAccessHeaders(accessToken) }),
    refetchInterval: (query) => (query.state.data && !isOngoing(query.state.data) ? false : tracking.pollTrackingPageMs),
  });
}

/**
 * The technician of an open visit (GET /api/technicians/:id?appointment=<id>): the server shows a customer or link
 * holder only the technician assigned to that appointment, so a closed record's former technician is not asked for.
 */
export function useTechnician(record: TrackingRecord | undefined, appointmentId: number, accessToken: string | undefined) {
  const technicianId = record && record.closed === null ? record.technicianId : undefined;
  return useQuery({
    queryKey: queryKeys.technician(technicianId ?? '', appointmentId),
    queryFn: ({ signal }) =>
      apiJson<TechnicianView>('GET', trackingApi.technician(technicianId ?? '', appointmentId), undefined, { signal, headers: appointmentAccessHeaders(accessToken) }),
    enabled: technicianId !== undefined,
  });
}

/**
 * GET /api/payments/invoices?appointmentId=: the signed-in customer's invoice for this visit, null while none was sent
 * (payments lists a customer only their own sent invoices).
 */
export function useVisitInvoice(appointmentId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['visit-invoice', appointmentId],
    queryFn: async ({ signal }) => {
      const page = invoiceListResponseSchema.parse(await apiJson<unknown>('GET', `${invoicePaths.invoices}?appointmentId=${appointmentId}&pageSize=1`, undefined, { signal }));
      return page.items[0] ?? null;
    },
    enabled,
  });
}
