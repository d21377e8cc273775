import { appointmentStatusWords, officeActionMessages, type AppointmentStatus, type OfficeAction } from '@repo/contracts';
import type { AppointmentRow } from '../db/schema.ts';
import { slotInstants } from './slot-time.ts';

const fill = (message: string, status: string) => message.replace('{status}', appointmentStatusWords[status as AppointmentStatus] ?? status);

/**
 * Why the office may not take `action` on an appointment in its present state, or undefined when it may:
 * - confirm: only a scheduled one (the promised call made);
 * - cancel: a scheduled or confirmed one (a visit under way, done or already called off stays as it is);
 * - reopen: a cancelled one or a no-show, back to scheduled (capacity is checked apart, by the slot counter);
 * - no-show: a scheduled or confirmed one whose arrival window has started.
 */
export function officeActionBlocked(action: OfficeAction, row: Pick<AppointmentRow, 'status' | 'appointment_date' | 'time_slot'>, now: Date): string | undefined {
  const { status } = row;
  switch (action) {
    case 'confirm':
      if (status === 'confirmed') return officeActionMessages.alreadyConfirmed;
      return status === 'scheduled' ? undefined : fill(officeActionMessages.confirmNotScheduled, status);
    case 'cancel':
      if (status === 'cancelled') return officeActionMessages.alreadyCancelled;
      return status === 'scheduled' || status === 'confirmed' ? undefined : fill(officeActionMessages.cancelClosed, status);
    case 'reopen':
      return status === 'cancelled' || status === 'no-show' ? undefined : fill(officeActionMessages.reopenNotClosed, status);
    case 'no-show':
      if (status !== 'scheduled' && status !== 'confirmed') return fill(officeActionMessages.noShowNotAwaited, status);
      return slotInstants(row.appointment_date, row.time_slot).start.getTime() > now.getTime() ? officeActionMessages.noShowTooEarly : undefined;
  }
}
