import { useQuery } from '@tanstack/react-query';
import { closedDaysPath, type ClosedDays } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/**
 * GET /api/appointments/closed-days: the bookable days the business is closed all day. Until it answers (or when it
 * cannot), every date shows as usual: choosing a closed one still says why no time is free.
 */
export function useClosedDays() {
  return useQuery({
    queryKey: [closedDaysPath],
    queryFn: ({ signal }) => apiJson<ClosedDays>('GET', closedDaysPath, undefined, { signal }),
    select: (answer) => new Map(answer.days.map((day) => [day.date, day.reason])),
    staleTime: 60_000,
  });
}
