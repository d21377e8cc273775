import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { technicianJobListSchema, technicianJobsPath, tracking, type TrackingStatus, type UpdateLocation } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const jobsKey = ['technician-jobs'] as const;

/**
 * GET /api/tracking/jobs?date=: the signed-in technician's jobs on a business date; the server knows whose from the
 * session. Refreshed every 30 s, so a job assigned meanwhile appears.
 */
export function useTechnicianJobs(date: string) {
  return useQuery({
    queryKey: [...jobsKey, date],
    queryFn: async ({ signal }) =>
      technicianJobListSchema.parse(await adminApi.json<unknown>('GET', `${technicianJobsPath}?${new URLSearchParams({ date })}`, undefined, { signal })),
    refetchInterval: tracking.pollTrackingPageMs,
  });
}

/** PUT /api/tracking/:appointmentId/status: the job's next step. */
export function useMoveJobForward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ appointmentId, status }: { appointmentId: string; status: TrackingStatus }) => {
      await adminApi.request('PUT', `/api/tracking/${encodeURIComponent(appointmentId)}/status`, { status });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}

/** PUT /api/technicians/:id/location: where the technician is now. */
export async function sendLocation(technicianId: string, location: UpdateLocation): Promise<void> {
  await adminApi.request('PUT', `/api/technicians/${encodeURIComponent(technicianId)}/location`, location);
}
