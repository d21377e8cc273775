import { appointmentStatusWords, formatSlot, officeActionMessages, type AppointmentStatus, staffRescheduleMessages, type StaffAppointment, type StaffReschedule } from '@repo/contracts';
import { badRequest, conflict, notFound } from '@repo/service-kit';
import { slotProblem } from '../domain/availability.ts';
import { announceChange } from '../domain/dispatch.ts';
import { findAppointmentForUpdate, moveAppointment } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import { movePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * The office moves a scheduled or confirmed appointment to another arrival window (a caller's wish, or the dispatch
 * board). The new window follows the rules of a new booking: a bookable day, an offered window that starts after the
 * notice, and room in it, taken through the same slot counter as a booking, so the office never overbooks either. The
 * version is the one the office last saw. As a customer's move does, it keeps the technician, makes a confirmed visit
 * scheduled again (the promised call was about the old time), and tells the customer and tracking.
 */
export async function rescheduleForCaller(ctx: BookingContext, id: number, { actor, version, appointmentDate: date, timeSlot: slot }: StaffReschedule & { actor: string }): Promise<StaffAppointment> {
  const now = ctx.now();
  const { row, from } = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, id);
    if (!current) throw notFound(officeActionMessages.notFound);
    if (current.version !== version) throw conflict(officeActionMessages.stale);
    if (current.status !== 'scheduled' && current.status !== 'confirmed') {
      throw conflict(staffRescheduleMessages.notMovable.replace('{status}', appointmentStatusWords[current.status as AppointmentStatus]));
    }
    if (!current.holds_slot_place) throw conflict(staffRescheduleMessages.pastVisit);
    if (current.appointment_date === date && current.time_slot === slot) {
      throw badRequest(staffRescheduleMessages.sameWindow, { timeSlot: staffRescheduleMessages.sameWindow });
    }
    const problem = slotProblem(date, slot, now, ctx.rules);
    if (problem) throw problem;
    const moved = await movePlace(trx, { date: current.appointment_date, slot: current.time_slot }, { date, slot }, ctx.rules.BOOKING_SLOT_CAPACITY);
    if (!moved) {
      const full = staffRescheduleMessages.full.replace('{window}', formatSlot(slot));
      throw conflict(full, { timeSlot: full });
    }
    const movedRow = await moveAppointment(trx, current.id, date, slot);
    await announceChange(ctx, trx, 'rescheduled', current, movedRow, { actor, detail: `From ${current.appointment_date} ${current.time_slot} to ${date} ${slot}` });
    return { row: movedRow, from: current.appointment_date };
  });
  ctx.availability.invalidate(from);
  ctx.availability.invalidate(row.appointment_date);
  return toStaffAppointment(row);
}
