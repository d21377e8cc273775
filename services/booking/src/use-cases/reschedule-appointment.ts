import { appointmentPageMessages, slotTakenMessage, type AppointmentDetails, type RescheduleRequest } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { appointmentDetails } from '../domain/appointment-details.ts';
import { customerClosureWords } from '../domain/availability.ts';
import { changeBlockedReason } from '../domain/change-rules.ts';
import { historyActors } from '../domain/dispatch.ts';
import { findAppointmentForUpdate } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';
import { moveToWindow } from './move-to-window.ts';
import type { AppointmentAccess } from './resolve-appointment-access.ts';

/**
 * The customer moves the appointment to another free slot up to the cut-off before its start, by the rules of a new
 * booking and through the slot counter (`moveToWindow`). The technician stays, and tracking learns the new time in the
 * same transaction.
 */
export async function rescheduleAppointment(ctx: BookingContext, access: AppointmentAccess, request: RescheduleRequest): Promise<AppointmentDetails> {
  const now = ctx.now();
  const { row, from } = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, access.appointmentId);
    if (!current) throw notFound(appointmentPageMessages.notFound);
    const blocked = changeBlockedReason(current, now, ctx.changeCutoffHours);
    if (blocked) throw conflict(blocked);
    const moved = await moveToWindow(ctx, trx, current, {
      date: request.appointmentDate,
      slot: request.timeSlot,
      actor: historyActors.customer,
      sameWindow: appointmentPageMessages.sameSlot,
      full: slotTakenMessage,
      closure: customerClosureWords,
    });
    return { row: moved, from: current.appointment_date };
  });
  ctx.availability.invalidate(from);
  ctx.availability.invalidate(row.appointment_date);
  return appointmentDetails(row, now, ctx.changeCutoffHours, ctx.links);
}
