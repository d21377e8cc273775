import { useQuery } from '@tanstack/react-query';
import { appointmentIntakePath, appointmentIntakeResponseSchema } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

/**
 * GET /api/appointments/:id/intake: what the customer told at booking about the appliance (model, serial, warranty),
 * from booking, which answers only the technician the job is assigned to. It does not change after booking, so it is
 * read once per job and kept.
 */
export function useJobIntake(appointmentId: string) {
  return useQuery({
    queryKey: ['job-intake', appointmentId],
    queryFn: async ({ signal }) =>
      appointmentIntakeResponseSchema.parse(await adminApi.json<unknown>('GET', appointmentIntakePath(encodeURIComponent(appointmentId)), undefined, { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
