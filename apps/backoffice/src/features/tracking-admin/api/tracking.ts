import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackingAllowTodayPath, trackingListSchema, type TrackingListQuery } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

type TrackingFilter = { date?: string; page: number; pageSize: number };

/** GET /api/tracking?date=&page=&pageSize=: active tracking records in schedule order, a page at a time. */
export function useTrackingPage(filter: TrackingFilter, pollMs: number | false) {
  return useQuery({
    queryKey: queryKeys.trackingPage(filter),
    queryFn: async ({ signal }) => {
      const query: TrackingListQuery = filter;
      const params = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      return trackingListSchema.parse(await adminApi.json<unknown>('GET', `/api/tracking?${params}`, undefined, { signal }));
    },
    refetchInterval: pollMs,
    placeholderData: (previous) => previous,
  });
}

/** POST /api/tracking/:appointmentId/allow-today: the job's technician may move it today, though it is dated another day. */
export function useAllowStartToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentId: string) => {
      await adminApi.request('POST', trackingAllowTodayPath(encodeURIComponent(appointmentId)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tracking }),
  });
}
