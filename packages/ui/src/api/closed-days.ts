import { useQuery } from '@tanstack/react-query';
import { closedDaysPath, type ClosedDays } from '@repo/contracts';
import { apiJson } from '../api-client.ts';

/**
 * GET /api/appointments/closed-days: the bookable days the business is closed all day, as a map of date to reason (or
 * null), for the date pickers (the booking wizard's calendar, the portal's reschedule). Until it answers, or when it
 * cannot, every date shows as usual: choosing a closed one still says why no time is free.
 */
export function useClosedDays() {
  return useQuery({
    queryKey: [closedDaysPath],
    queryFn: ({ signal }) => apiJson<ClosedDays>('GET', closedDaysPath, undefined, { signal }),
    select: (answer) => new Map(answer.days.map((day) => [day.date, day.reason])),
    staleTime: 60_000,
  });
}
