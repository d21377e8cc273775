import { appointmentPageMessages, business } from '@repo/contracts';
import type { AppointmentRow } from '../db/schema.ts';
import { slotInstants } from './slot-time.ts';

const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

/**
 * Why an appointment can no longer be rescheduled or cancelled online, or undefined while it can: it is cancelled,
 * under way (in booking's status, or the technician on the way or there) or done, history (it holds no place), or
 * it starts within the cut-off (then the customer calls).
 */
export function changeBlockedReason(
  row: Pick<AppointmentRow, 'status' | 'holds_slot_place' | 'appointment_date' | 'time_slot' | 'visit_stage'>,
  now: Date,
  cutoffHours: number,
): string | undefined {
  const notChangeable = fill(appointmentPageMessages.notChangeable, { phone: business.phoneDisplay });
  if (row.status === 'cancelled') return appointmentPageMessages.alreadyCancelled;
  if (row.status !== 'scheduled' && row.status !== 'confirmed') return notChangeable;
  // The technician is on the way or there: the customer calls rather than changing it on the page.
  if (row.visit_stage !== null) return notChangeable;
  if (!row.holds_slot_place) return notChangeable;
  const { start } = slotInstants(row.appointment_date, row.time_slot);
  if (start.getTime() <= now.getTime()) return notChangeable;
  if (start.getTime() - cutoffHours * 3_600_000 <= now.getTime()) {
    return fill(appointmentPageMessages.pastCutoff, { hours: cutoffHours, phone: business.phoneDisplay });
  }
  return undefined;
}
