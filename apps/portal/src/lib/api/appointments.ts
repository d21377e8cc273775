import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../query-keys.ts';

/** GET /api/customer/appointments: the signed-in customer's own appointments. */
export function fetchAppointments(signal?: AbortSignal): Promise<Appointment[]> {
  return apiJson<Appointment[]>('GET', '/api/customer/appointments', undefined, { signal });
}

export const appointmentsQuery = () => queryOptions({ queryKey: queryKeys.appointments, queryFn: ({ signal }) => fetchAppointments(signal) });

export function useAppointments() {
  return useQuery(appointmentsQuery());
}
