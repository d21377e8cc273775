import { appointmentStatusWords, formatSlot, officeActionMessages, staffRescheduleMessages, type AppointmentStatus, type StaffAppointment, type StaffReschedule } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { officeClosureWords } from '../domain/availability.ts';
import { findAppointmentForUpdate } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';
import { moveToWindow } from './move-to-window.ts';

/**
 * The office moves a scheduled or confirmed appointment to another arrival window (a caller's wish, or the dispatch
 * board), with the version it last saw. The new window follows the rules of a new booking and its room is taken through
 * the same slot counter (`moveToWindow`), so the office never overbooks either; no cut-off applies (the office may move
 * a visit that starts soon, into a window that starts after the notice). As a customer's move does, it keeps the
 * technician, makes a confirmed visit scheduled again (the promised call was about the old time), and tells the
 * customer and tracking.
 */
export async function rescheduleForCaller(ctx: BookingContext, id: number, { actor, version, appointmentDate, timeSlot }: StaffReschedule & { actor: string }): Promise<StaffAppointment> {
  const { row, from } = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, id);
    if (!current) throw notFound(officeActionMessages.notFound);
    if (current.version !== version) throw conflict(officeActionMessages.stale);
    if (current.status !== 'scheduled' && current.status !== 'confirmed') {
      throw conflict(staffRescheduleMessages.notMovable.replace('{status}', appointmentStatusWords[current.status as AppointmentStatus]));
    }
    if (!current.holds_slot_place) throw conflict(staffRescheduleMessages.pastVisit);
    const moved = await moveToWindow(ctx, trx, current, {
      date: appointmentDate,
      slot: timeSlot,
      actor,
      sameWindow: staffRescheduleMessages.sameWindow,
      full: staffRescheduleMessages.full.replace('{window}', formatSlot(timeSlot)),
      closure: officeClosureWords,
    });
    return { row: moved, from: current.appointment_date };
  });
  ctx.availability.invalidate(from);
  ctx.availability.invalidate(row.appointment_date);
  return toStaffAppointment(row);
}
