import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appointmentHistorySchema,
  jobRecordResponseSchema,
  officeActionPath,
  partArrivedPath,
  staffAppointmentListSchema,
  staffAppointmentSchema,
  type OfficeAction,
  type StaffAppointment,
} from '@repo/contracts';
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

export type OfficeActionInput = { appointment: StaffAppointment; action: OfficeAction; reason?: string };

/**
 * POST /api/appointments/:id/{confirm,cancel,reopen,no-show} with the version the card shows. Afterwards (a refusal
 * too: another change since, say) the day's lists and the appointment's history load again, so the card shows the latest.
 */
export function useOfficeAction() {
  const queryClient = useQueryClient();
  const refresh = (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.appointmentHistory(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tracking }),
    ]);
  return useMutation({
    mutationFn: async ({ appointment, action, reason }: OfficeActionInput) =>
      staffAppointmentSchema.parse(
        await adminApi.json('POST', officeActionPath(appointment.id, action), action === 'cancel' ? { version: appointment.version, reason } : { version: appointment.version }),
      ),
    onSettled: (_data, _error, { appointment }) => refresh(appointment.id),
  });
}

/** GET /api/appointments/:id/history: every change, newest first; loaded when the card's history is opened. */
export function useAppointmentHistory(id: number) {
  return useQuery({
    queryKey: queryKeys.appointmentHistory(id),
    queryFn: async ({ signal }) => appointmentHistorySchema.parse(await adminApi.json('GET', `/api/appointments/${id}/history`, undefined, { signal })).items,
  });
}

/**
 * POST /api/appointments/:id/part-arrived: the part the visit waited for is in; the customer's page stops saying it
 * waits, and the office books the return visit (the dispatch board's Book for caller). The day's lists load again.
 */
export function usePartArrived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentId: number) => jobRecordResponseSchema.parse(await adminApi.json('POST', partArrivedPath(appointmentId))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
  });
}
