import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffAppointmentListSchema, type StaffAppointment } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export type AppointmentPage = { items: StaffAppointment[]; total: number; page: number; pageSize: number };

/**
 * Booking answers a page (`{ items, total, page, pageSize }`); a plain list (no paging) is read as one page, so the
 * screen works with either answer.
 */
function readPage(answer: unknown, page: number, pageSize: number): AppointmentPage {
  if (Array.isArray(answer)) {
    const items = staffAppointmentListSchema.parse(answer);
    return { items, total: items.length, page: 1, pageSize: Math.max(pageSize, items.length) };
  }
  const body = (answer ?? {}) as Partial<Record<keyof AppointmentPage, unknown>>;
  const items = staffAppointmentListSchema.parse(body.items);
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) ? value : fallback);
  return { items, total: number(body.total, items.length), page: number(body.page, page), pageSize: number(body.pageSize, pageSize) };
}

/** GET /api/appointments?date=&page=&pageSize=: one business day's appointments, a page at a time (staff). */
export function useAppointmentsPage(date: string, page: number, pageSize: number, pollMs: number | false) {
  return useQuery({
    queryKey: queryKeys.appointmentsPage(date, page, pageSize),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ date, page: String(page), pageSize: String(pageSize) });
      return readPage(await adminApi.json<unknown>('GET', `/api/appointments?${query}`, undefined, { signal }), page, pageSize);
    },
    refetchInterval: pollMs,
    // Another page of the same day keeps the cards on screen while it loads; another day's never stand in for it.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1].date === date ? previous : undefined),
  });
}

/** PUT /api/appointments/:id/assign: a technician, or null to unassign. Tracking follows through booking's effect. */
export function useAssignTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ appointmentId, technicianId }: { appointmentId: number; technicianId: string | null }) => {
      await adminApi.request('PUT', `/api/appointments/${appointmentId}/assign`, { technicianId });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tracking }),
      ]),
  });
}
