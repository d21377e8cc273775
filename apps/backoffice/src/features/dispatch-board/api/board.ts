import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookForCallerPath,
  createAppointmentResponseSchema,
  dayRoutesPath,
  dayRoutesSchema,
  dispatchBoardPath,
  dispatchBoardSchema,
  staffAppointmentSchema,
  staffReschedulePath,
  type CallerBookingParsed,
  type StaffAppointment,
} from '@repo/contracts';
import { errorMessage } from '@repo/ui';
import { adminApi } from '../../../lib/api-client.ts';

/** Every day's board (what a live tracking change makes stale), and one day's. */
export const boardKeys = { all: ['dispatch-board'] as const, day: (date: string) => ['dispatch-board', date] as const, routes: ['day-routes'] as const };
const boardKey = boardKeys.day;

/** GET /api/appointments/board?date=: one business day's arrival windows and appointments (staff). */
const boardQuery = (date: string, pollMs: number) =>
  queryOptions({
    queryKey: boardKey(date),
    queryFn: async ({ signal }) =>
      dispatchBoardSchema.parse(await adminApi.json('GET', `${dispatchBoardPath}?${new URLSearchParams({ date })}`, undefined, { signal })),
    refetchInterval: pollMs,
  });

export const useDispatchBoard = (date: string, pollMs: number) => useQuery(boardQuery(date, pollMs));

/** Several days' boards at once (the week view), each cached as the day view caches it. */
export const useDispatchBoards = (dates: readonly string[], pollMs: number) => useQueries({ queries: dates.map((date) => boardQuery(date, pollMs)) });

/** Where a card goes: a technician's lane (null: Unassigned) and an arrival window of the same day. */
export type BoardMove = { appointment: StaffAppointment; technicianId: string | null; timeSlot: string };

/**
 * Moves a card, each change with the version the board shows: to another window through the staff reschedule
 * (capacity checked by booking), then to another lane through the assignment, so tracking opens or closes its record
 * as it does for the dropdown. Afterwards, refused or not, the day loads again, so the board shows what booking holds.
 */
export function useMoveAppointment(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ appointment, technicianId, timeSlot }: BoardMove) => {
      let current = appointment;
      const rescheduled = timeSlot !== current.timeSlot;
      if (rescheduled) {
        current = staffAppointmentSchema.parse(
          await adminApi.json('POST', staffReschedulePath(current.id), { version: current.version, appointmentDate: current.appointmentDate, timeSlot }),
        );
      }
      if (technicianId !== current.technicianId) {
        try {
          current = staffAppointmentSchema.parse(await adminApi.json('PUT', `/api/appointments/${current.id}/assign`, { technicianId, version: current.version }));
        } catch (error) {
          // Half done: the new window is kept, so the dispatcher must hear that it moved.
          if (rescheduled) throw new Error(`it moved to the new window, but its technician was not changed: ${errorMessage(error)}`, { cause: error });
          throw error;
        }
      }
      return current;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKey(date) }),
        queryClient.invalidateQueries({ queryKey: ['appointments'] }),
        queryClient.invalidateQueries({ queryKey: ['tracking'] }),
      ]),
  });
}

/**
 * POST /api/appointments/for-caller: the office books for a caller, with the form's Idempotency-Key (a retried or
 * double-pressed Book is one booking). Afterwards the day loads again, so the new card shows.
 */
export function useBookForCaller(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, idempotencyKey }: { request: CallerBookingParsed; idempotencyKey: string }) =>
      createAppointmentResponseSchema.parse(await adminApi.json('POST', bookForCallerPath, request, { headers: { 'Idempotency-Key': idempotencyKey } })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: boardKey(date) }), queryClient.invalidateQueries({ queryKey: ['appointments'] })]),
  });
}

/** GET /api/tracking/day-routes?date=: each technician's visits of the day in order, with legs and travel conflicts. */
export const useDayRoutes = (date: string, pollMs: number) =>
  useQuery({
    queryKey: [...boardKeys.routes, date] as const,
    queryFn: async ({ signal }) => dayRoutesSchema.parse(await adminApi.json('GET', `${dayRoutesPath}?${new URLSearchParams({ date })}`, undefined, { signal })),
    refetchInterval: pollMs,
  });
