import { appointmentPageMessages, slotTakenMessage, type AppointmentDetails, type RescheduleRequest } from '@repo/contracts';
import { badRequest, conflict, notFound } from '@repo/service-kit';
import { appointmentDetails } from '../domain/appointment-details.ts';
import { slotProblem } from '../domain/availability.ts';
import { changeBlockedReason } from '../domain/change-rules.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { findAppointmentForUpdate, moveAppointment } from '../repositories/appointment-repository.ts';
import { movePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';
import type { AppointmentAccess } from './resolve-appointment-access.ts';

/**
 * The customer moves the appointment to another free slot up to the cut-off before its start. The new slot must be
 * bookable by the rules of a new booking (window, working hours, notice). In one transaction the appointment row is
 * locked, a place is taken in the new slot and the old one given back through the slot counter, and the row moved,
 * so racing bookings, cancellations and other moves never overbook or lose a place. The technician stays, and tracking
 * learns the new time in the same transaction.
 */
export async function rescheduleAppointment(ctx: BookingContext, access: AppointmentAccess, request: RescheduleRequest): Promise<AppointmentDetails> {
  const now = ctx.now();
  const { appointmentDate: date, timeSlot: slot } = request;
  const { row, from } = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, access.appointmentId);
    if (!current) throw notFound(appointmentPageMessages.notFound);
    const blocked = changeBlockedReason(current, now, ctx.changeCutoffHours);
    if (blocked) throw conflict(blocked);
    if (current.appointment_date === date && current.time_slot === slot) {
      throw badRequest(appointmentPageMessages.sameSlot, { timeSlot: appointmentPageMessages.sameSlot });
    }
    const problem = slotProblem(date, slot, now, ctx.rules);
    if (problem) throw problem;
    const moved = await movePlace(trx, { date: current.appointment_date, slot: current.time_slot }, { date, slot }, ctx.rules.BOOKING_SLOT_CAPACITY);
    if (!moved) throw conflict(slotTakenMessage, { timeSlot: slotTakenMessage });
    const movedRow = await moveAppointment(trx, current.id, date, slot);
    await announceChange(ctx, trx, 'rescheduled', current, movedRow, {
      actor: historyActors.customer,
      detail: `From ${current.appointment_date} ${current.time_slot} to ${date} ${slot}`,
    });
    return { row: movedRow, from: current.appointment_date };
  });
  ctx.availability.invalidate(from);
  ctx.availability.invalidate(row.appointment_date);
  return appointmentDetails(row, now, ctx.changeCutoffHours, ctx.links);
}
