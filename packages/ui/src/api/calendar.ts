import { useMutation } from '@tanstack/react-query';
import { appointmentPageApi } from '@repo/contracts';
import { apiRequest, errorMessage } from '../api-client.ts';
import { saveFile, suggestedFileName } from '../save-file.ts';
import { showToast } from '../toast.ts';
import { appointmentAccessHeaders } from './appointment-access.ts';

export const calendarFileName = (id: number) => `appointment-${id}.ics`;


/**
 * GET calendar.ics (made by booking, time zone included) with the manage link's header, saved as a download. A plain
 * link cannot send the header, so the file is fetched and handed to the browser; the signed-in owner can use a
 * plain link instead.
 */
export async function downloadCalendar(id: number, accessToken: string): Promise<void> {
  const response = await apiRequest('GET', appointmentPageApi.calendar(id), undefined, { headers: appointmentAccessHeaders(accessToken) });
  saveFile(await response.blob(), suggestedFileName(response.headers.get('content-disposition')) ?? calendarFileName(id));
}

/** Downloads an appointment's calendar file; a failure is told in a toast. `isPending` while the file is fetched. */
export function useDownloadCalendar() {
  return useMutation({
    mutationFn: ({ id, accessToken }: { id: number; accessToken: string }) => downloadCalendar(id, accessToken),
    onError: (error) =>
      showToast({ title: 'Download Failed', description: errorMessage(error, 'The calendar file could not be downloaded. Please try again.'), variant: 'destructive' }),
  });
}
