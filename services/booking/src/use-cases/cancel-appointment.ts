import { appointmentPageMessages, type AppointmentDetails } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { appointmentDetails } from '../domain/appointment-details.ts';
import { changeBlockedReason } from '../domain/change-rules.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { findAppointmentForUpdate, setAppointmentStatus } from '../repositories/appointment-repository.ts';
import { releasePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';
import type { AppointmentAccess } from './resolve-appointment-access.ts';

/**
 * The customer cancels up to the cut-off before the start: the appointment row is locked, its place given back and
 * its status set in one transaction, so a second cancel (or a racing reschedule) sees the result and capacity stays exact.
 * Tracking learns of it in the same transaction and closes the tracking record.
 */
export async function cancelAppointment(ctx: BookingContext, access: AppointmentAccess): Promise<AppointmentDetails> {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, access.appointmentId);
    if (!current) throw notFound(appointmentPageMessages.notFound);
    const blocked = changeBlockedReason(current, now, ctx.changeCutoffHours);
    if (blocked) throw conflict(blocked);
    await releasePlace(trx, current.appointment_date, current.time_slot);
    const cancelled = await setAppointmentStatus(trx, current.id, 'cancelled');
    await announceChange(ctx, trx, 'cancelled', current, cancelled, { actor: historyActors.customer });
    return cancelled;
  });
  ctx.availability.invalidate(row.appointment_date);
  return appointmentDetails(row, now, ctx.changeCutoffHours, ctx.links);
}
