import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentAccessHeader, appointmentPageApi, type AppointmentDetails } from '@repo/contracts';
import { apiJson, apiRequest } from '@repo/ui';

const accessHeaders = (token: string) => ({ [appointmentAccessHeader]: token });

/** GET /api/customer/appointments/:id with the manage link's token: the booked appointment, for its confirmation. */
export function fetchAppointmentDetails(id: number, token: string, signal?: AbortSignal): Promise<AppointmentDetails> {
  return apiJson<AppointmentDetails>('GET', appointmentPageApi.details(id), undefined, { headers: accessHeaders(token), signal });
}

export const appointmentDetailsQuery = (id: number, token: string) =>
  queryOptions({ queryKey: [appointmentPageApi.details(id), token], queryFn: ({ signal }) => fetchAppointmentDetails(id, token, signal) });

export function useAppointmentDetails(id: number, token: string) {
  return useQuery(appointmentDetailsQuery(id, token));
}

/** The file name the server gives (`attachment; filename="…"`). */
function suggestedFileName(disposition: string | null): string | undefined {
  const name = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : undefined;
}

/**
 * The appointment's calendar file, made by booking (time zone included), saved as a download. A plain link cannot
 * send the manage token's header, so the file is fetched and handed to the browser.
 */
export async function downloadCalendar(id: number, token: string): Promise<void> {
  const response = await apiRequest('GET', appointmentPageApi.calendar(id), undefined, { headers: accessHeaders(token) });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedFileName(response.headers.get('content-disposition')) ?? `appointment-${id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
