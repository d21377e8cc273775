import type { AppointmentDetails } from '@repo/contracts';
import type { AppointmentRow } from '../db/schema.ts';
import { toAppointment } from '../repositories/mappers.ts';
import { linkExpiry, type AppointmentLinks } from './appointment-links.ts';
import { changeBlockedReason } from './change-rules.ts';
import { businessIsoString, slotTimes } from './slot-time.ts';

/**
 * What the appointment page shows. Every caller that gets here has manage access (its owner, or a manage link), so
 * it gets fresh manage and track links, unless links to this appointment have already lapsed.
 */
export function appointmentDetails(row: AppointmentRow, now: Date, cutoffHours: number, links: AppointmentLinks): AppointmentDetails {
  const { start, end } = slotTimes(row.time_slot);
  const blocked = changeBlockedReason(row, now, cutoffHours);
  const expiresAt = linkExpiry(row.appointment_date, row.time_slot);
  const linksLive = expiresAt.getTime() > now.getTime();
  return {
    appointment: toAppointment(row),
    startsAt: businessIsoString(row.appointment_date, start),
    endsAt: businessIsoString(row.appointment_date, end),
    canChange: blocked === undefined,
    ...(blocked ? { changeBlockedReason: blocked } : {}),
    changeCutoffHours: cutoffHours,
    ...(linksLive
      ? { trackToken: links.issue(row.id, 'track', expiresAt, now), manageToken: links.issue(row.id, 'manage', expiresAt, now) }
      : {}),
  };
}
