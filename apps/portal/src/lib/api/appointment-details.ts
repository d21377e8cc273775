import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentPageApi, type AppointmentDetails } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../query-keys.ts';
import { accessHeaders } from '../appointment-access.ts';

/** GET /api/customer/appointments/:id, as the owner (cookie) or with a manage link's token. */
export function fetchAppointmentDetails(id: number, accessToken: string | undefined, signal?: AbortSignal): Promise<AppointmentDetails> {
  return apiJson<AppointmentDetails>('GET', appointmentPageApi.details(id), undefined, { signal, headers: accessHeaders(accessToken) });
}

export const appointmentDetailsQuery = (id: number, accessToken: string | undefined) =>
  queryOptions({ queryKey: queryKeys.appointmentDetails(id), queryFn: ({ signal }) => fetchAppointmentDetails(id, accessToken, signal) });

export function useAppointmentDetails(id: number, accessToken: string | undefined) {
  return useQuery(appointmentDetailsQuery(id, accessToken));
}
