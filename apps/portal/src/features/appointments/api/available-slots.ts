import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableSlotsResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';

export const availableSlotsKey = (date: string) => ['/api/appointments/available-slots', date] as const;

/** GET /api/appointments/available-slots?date=YYYY-MM-DD: the free slots of one bookable date. */
export function fetchAvailableSlots(date: string, signal?: AbortSignal): Promise<AvailableSlotsResponse> {
  return apiJson<AvailableSlotsResponse>('GET', `/api/appointments/available-slots?date=${encodeURIComponent(date)}`, undefined, { signal });
}

export const availableSlotsQuery = (date: string) =>
  queryOptions({ queryKey: availableSlotsKey(date), queryFn: ({ signal }) => fetchAvailableSlots(date, signal), staleTime: 0 });

/** Issued once a date is chosen; asked again each time, since other visitors book in the meantime. */
export function useAvailableSlots(date: string) {
  return useQuery({ ...availableSlotsQuery(date), enabled: date !== '' });
}
