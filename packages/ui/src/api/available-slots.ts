import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableSlotsResponse } from '@repo/contracts';
import { apiJson } from '../api-client.ts';
import { appointmentQueryKeys } from './query-keys.ts';

/** GET /api/appointments/available-slots?date=YYYY-MM-DD: the free slots of one bookable date. */
export function fetchAvailableSlots(date: string, signal?: AbortSignal): Promise<AvailableSlotsResponse> {
  return apiJson<AvailableSlotsResponse>('GET', `/api/appointments/available-slots?date=${encodeURIComponent(date)}`, undefined, { signal });
}

export type AvailableSlotsOptions = {
  /** How long an answer counts as fresh; the query client's default (never stale) when absent. */
  staleTime?: number;
};

export const availableSlotsQuery = (date: string, { staleTime }: AvailableSlotsOptions = {}) =>
  queryOptions({
    queryKey: appointmentQueryKeys.availableSlots(date),
    queryFn: ({ signal }) => fetchAvailableSlots(date, signal),
    ...(staleTime === undefined ? {} : { staleTime }),
  });

/** Only issued once a date is chosen (`date` is null until then). */
export function useAvailableSlots(date: string | null, options?: AvailableSlotsOptions) {
  return useQuery({ ...availableSlotsQuery(date ?? '', options), enabled: date !== null });
}
