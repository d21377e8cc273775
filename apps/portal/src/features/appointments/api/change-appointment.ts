import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentPageApi, type AppointmentDetails, type RescheduleRequest } from '@repo/contracts';
import { ApiRequestError, apiJson } from '@repo/ui';
import { appointmentAccessHeaders } from '@repo/ui/api';
import { queryKeys } from '../../../lib/query-keys.ts';

type Change = { id: number; accessToken: string | undefined };

/** PUT /api/customer/appointments/:id/reschedule: moves the appointment to another free slot; answers it as it now is. */
export function rescheduleAppointment({ id, accessToken, slot }: Change & { slot: RescheduleRequest }): Promise<AppointmentDetails> {
  return apiJson<AppointmentDetails>('PUT', appointmentPageApi.reschedule(id), slot, { headers: appointmentAccessHeaders(accessToken) });
}

/** POST /api/customer/appointments/:id/cancel: cancels it and frees its place; answers it as it now is. */
export function cancelAppointment({ id, accessToken }: Change): Promise<AppointmentDetails> {
  return apiJson<AppointmentDetails>('POST', appointmentPageApi.cancel(id), undefined, { headers: appointmentAccessHeaders(accessToken) });
}

/**
 * A change answers the appointment as it now is: the page shows that at once, and the portal's list is read again
 * when next shown. After a refusal (409) the appointment may have changed meanwhile, so it is read again too.
 */
function useAppointmentChange<T extends Change>(change: (variables: T) => Promise<AppointmentDetails>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (details, { id }) => {
      queryClient.setQueryData(queryKeys.appointmentDetails(id), details);
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments, exact: true });
    },
    onError: (error, { id }) => {
      if (error instanceof ApiRequestError && error.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.appointmentDetails(id) });
    },
  });
}

export const useRescheduleAppointment = () => useAppointmentChange(rescheduleAppointment);
export const useCancelAppointment = () => useAppointmentChange(cancelAppointment);
