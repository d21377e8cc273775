import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentPageApi, type AppointmentDetails } from '@repo/contracts';
import { apiJson } from '../api-client.ts';
import { appointmentAccessHeaders } from './appointment-access.ts';
import { appointmentQueryKeys } from './query-keys.ts';

/** GET /api/customer/appointments/:id, as the owner (cookie) or with a manage link's token. */
export function fetchAppointmentDetails(id: number, accessToken: string | undefined, signal?: AbortSignal): Promise<AppointmentDetails> {
  return apiJson<AppointmentDetails>('GET', appointmentPageApi.details(id), undefined, { signal, headers: appointmentAccessHeaders(accessToken) });
}

export const appointmentDetailsQuery = (id: number, accessToken: string | undefined) =>
  queryOptions({ queryKey: appointmentQueryKeys.details(id), queryFn: ({ signal }) => fetchAppointmentDetails(id, accessToken, signal) });

export function useAppointmentDetails(id: number, accessToken: string | undefined) {
  return useQuery(appointmentDetailsQuery(id, accessToken));
}
