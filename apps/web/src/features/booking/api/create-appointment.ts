import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentRequest, CreateAppointmentResponse } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { appointmentQueryKeys } from '@repo/ui/api';

export type CreateAppointmentVariables = { request: AppointmentRequest; idempotencyKey: string };

/** POST /api/appointments. The Idempotency-Key makes a retried submission return the first booking. */
export function createAppointment({ request, idempotencyKey }: CreateAppointmentVariables): Promise<CreateAppointmentResponse> {
  return apiJson<CreateAppointmentResponse>('POST', '/api/appointments', request, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Books, then refreshes every cached slot list (a place was taken, or the visitor's view was stale). */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentQueryKeys.allAvailableSlots }),
  });
}
