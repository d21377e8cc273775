import { slotTakenMessage, type AppointmentStatus, type StaffAppointment } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { announceChange } from '../domain/dispatch.ts';
import { findAppointmentForUpdate, setAppointmentStatus } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import { releasePlace, takePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * Staff move an appointment to another status. Cancelling gives its place back; un-cancelling takes it again, which
 * is refused when the slot has filled in the meantime. History (imported) holds no place, so it never touches the counter.
 * Tracking learns the new status in the same transaction (a cancellation closes the tracking record).
 */
export async function changeAppointmentStatus(ctx: BookingContext, id: number, status: AppointmentStatus, actor: string): Promise<StaffAppointment> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, id);
    if (!current) throw notFound(`Appointment ${id} was not found.`);
    const counted = current.holds_slot_place;
    if (counted && current.status !== 'cancelled' && status === 'cancelled') {
      await releasePlace(trx, current.appointment_date, current.time_slot);
    } else if (counted && current.status === 'cancelled' && status !== 'cancelled') {
      if (!(await takePlace(trx, current.appointment_date, current.time_slot, ctx.rules.BOOKING_SLOT_CAPACITY))) throw conflict(slotTakenMessage);
    }
    const changed = await setAppointmentStatus(trx, id, status);
    await announceChange(ctx, trx, 'status-changed', current, changed, { actor });
    return changed;
  });
  ctx.availability.invalidate(row.appointment_date);
  return toStaffAppointment(row);
}
