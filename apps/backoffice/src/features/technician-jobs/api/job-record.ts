import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  jobRecordPath,
  jobRecordResponseSchema,
  waitingForPartsPath,
  warrantyClaimPath,
  type JobRecordRequest,
  type JobRecordResponse,
  type WaitingForPartsRequest,
  type WarrantyClaimRequest,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

const jobRecordKey = (appointmentId: string) => ['job-record', appointmentId] as const;

/**
 * GET /api/appointments/:id/job-record: the intake (to prefill the plate), what was recorded, the part waited for.
 * Booking answers only the technician the job is assigned to (and the office).
 */
export function useJobRecord(appointmentId: string) {
  return useQuery({
    queryKey: jobRecordKey(appointmentId),
    queryFn: async ({ signal }) =>
      jobRecordResponseSchema.parse(await adminApi.json<unknown>('GET', jobRecordPath(encodeURIComponent(appointmentId)), undefined, { signal })),
  });
}

/** A change of the job record; the answer is the whole record, which replaces the cached one. */
function useJobRecordChange<T>(appointmentId: string, send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => jobRecordResponseSchema.parse(await send(body)),
    onSuccess: (answer: JobRecordResponse) => queryClient.setQueryData(jobRecordKey(appointmentId), answer),
  });
}

/** PUT /api/appointments/:id/job-record: the plate as read, the diagnosis, the parts needed. */
export const useSaveJobRecord = (appointmentId: string) =>
  useJobRecordChange(appointmentId, (body: JobRecordRequest) => adminApi.json<unknown>('PUT', jobRecordPath(encodeURIComponent(appointmentId)), body));

/** PUT /api/appointments/:id/waiting-for-parts: the part on order and the day it is expected. */
export const useMarkWaitingForParts = (appointmentId: string) =>
  useJobRecordChange(appointmentId, (body: WaitingForPartsRequest) => adminApi.json<unknown>('PUT', waitingForPartsPath(encodeURIComponent(appointmentId)), body));

/** PUT /api/appointments/:id/warranty-claim: what the manufacturer's claim asks for, for warranty work. */
export const useSaveWarrantyClaim = (appointmentId: string) =>
  useJobRecordChange(appointmentId, (body: WarrantyClaimRequest) => adminApi.json<unknown>('PUT', warrantyClaimPath(encodeURIComponent(appointmentId)), body));
