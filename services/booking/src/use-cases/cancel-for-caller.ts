import type { StaffAppointment } from '@repo/contracts';
import { announceChange } from '../domain/dispatch.ts';
import { setAppointmentOfficeStatus } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import { releasePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';
import { officeChange, type OfficeActor } from './office-change.ts';

/**
 * The office cancels an appointment (for a caller, say), with the reason kept on it and in its history, whatever the
 * customer's online cut-off. Its place goes back to the slot (history holds none); subscribers hear a cancellation, so
 * the customer is told and tracking closes the record.
 */
export async function cancelForCaller(ctx: BookingContext, id: number, by: OfficeActor & { reason: string }): Promise<StaffAppointment> {
  const row = await officeChange(ctx, id, 'cancel', by, async (trx, current) => {
    if (current.holds_slot_place) await releasePlace(trx, current.appointment_date, current.time_slot);
    const cancelled = await setAppointmentOfficeStatus(trx, id, 'cancelled', { confirmedAt: null, confirmedBy: null, cancelReason: by.reason });
    await announceChange(ctx, trx, 'cancelled', current, cancelled, { actor: by.actor, reason: by.reason });
    return cancelled;
  });
  return toStaffAppointment(row);
}
