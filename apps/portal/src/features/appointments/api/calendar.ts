import { appointmentPageApi } from '@repo/contracts';
import { apiRequest } from '@repo/ui';
import { accessHeaders } from '../../../lib/appointment-access.ts';

export const calendarFileName = (id: number) => `appointment-${id}.ics`;

/** The file name the server gives (`attachment; filename="…"`), so both ways in save the same name. */
function suggestedFileName(disposition: string | null): string | undefined {
  const name = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : undefined;
}

/**
 * GET calendar.ics with the manage link's header, saved as a file. (A plain link cannot send the header; the signed-in
 * owner gets a plain link instead.)
 */
export async function downloadCalendar(id: number, accessToken: string): Promise<void> {
  const response = await apiRequest('GET', appointmentPageApi.calendar(id), undefined, { headers: accessHeaders(accessToken) });
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
