import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffAppointmentListSchema, type StaffAppointment } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export type AppointmentPage = { items: StaffAppointment[]; total: number; page: number; pageSize: number };

/** Booking answers the page's array, and counts every match of the query in the X-Total-Count header. */
async function readPage(response: Response, page: number, pageSize: number): Promise<AppointmentPage> {
  const items = staffAppointmentListSchema.parse(await response.json());
  const counted = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
  return { items, total: Number.isInteger(counted) ? counted : items.length, page, pageSize };
}

/** GET /api/appointments?date=&page=&pageSize=: one business day's appointments, a page at a time (staff). */
export function useAppointmentsPage(date: string, page: number, pageSize: number, pollMs: number | false) {
  return useQuery({
    queryKey: queryKeys.appointmentsPage(date, page, pageSize),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ date, page: String(page), pageSize: String(pageSize) });
      return readPage(await adminApi.request('GET', `/api/appointments?${query}`, undefined, { signal }), page, pageSize);
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
