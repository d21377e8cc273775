import { useMutation } from '@tanstack/react-query';
import { appointmentPageApi } from '@repo/contracts';
import { apiRequest, errorMessage } from '../api-client.ts';
import { showToast } from '../toast.ts';
import { appointmentAccessHeaders } from './appointment-access.ts';

export const calendarFileName = (id: number) => `appointment-${id}.ics`;

/** The file name the server gives (`attachment; filename="…"`), so both ways in save the same name. */
function suggestedFileName(disposition: string | null): string | undefined {
  const name = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : undefined;
}

/**
 * GET calendar.ics (made by booking, time zone included) with the manage link's header, saved as a download. A plain
 * link cannot send the header, so the file is fetched and handed to the browser; the signed-in owner can use a
 * plain link instead.
 */
export async function downloadCalendar(id: number, accessToken: string): Promise<void> {
  const response = await apiRequest('GET', appointmentPageApi.calendar(id), undefined, { headers: appointmentAccessHeaders(accessToken) });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedFileName(response.headers.get('content-disposition')) ?? calendarFileName(id);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads an appointment's calendar file; a failure is told in a toast. `isPending` while the file is fetched. */
export function useDownloadCalendar() {
  return useMutation({
    mutationFn: ({ id, accessToken }: { id: number; accessToken: string }) => downloadCalendar(id, accessToken),
    onError: (error) =>
      showToast({ title: 'Download Failed', description: errorMessage(error, 'The calendar file could not be downloaded. Please try again.'), variant: 'destructive' }),
  });
}
