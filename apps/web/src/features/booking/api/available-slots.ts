import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableSlotsResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';

export const availableSlotsKey = ['/api/appointments/available-slots'] as const;

/** GET /api/appointments/available-slots?date=YYYY-MM-DD */
export function fetchAvailableSlots(date: string, signal?: AbortSignal): Promise<AvailableSlotsResponse> {
  return apiJson<AvailableSlotsResponse>('GET', `/api/appointments/available-slots?date=${encodeURIComponent(date)}`, undefined, { signal });
}

export const availableSlotsQuery = (date: string) =>
  queryOptions({ queryKey: [...availableSlotsKey, date], queryFn: ({ signal }) => fetchAvailableSlots(date, signal) });

/** Only issued once a date is chosen. */
export function useAvailableSlots(date: string | null) {
  return useQuery({ ...availableSlotsQuery(date ?? ''), enabled: date !== null });
}
