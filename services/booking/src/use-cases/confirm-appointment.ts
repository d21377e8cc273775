import type { StaffAppointment } from '@repo/contracts';
import { announceChange } from '../domain/dispatch.ts';
import { setAppointmentOfficeStatus } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';
import { officeChange, type OfficeActor } from './office-change.ts';

/**
 * The office made the promised call: a scheduled appointment becomes confirmed, with who confirmed it and when.
 * Subscribers hear a status change (its reminders stay).
 */
export async function confirmAppointment(ctx: BookingContext, id: number, by: OfficeActor): Promise<StaffAppointment> {
  const row = await officeChange(ctx, id, 'confirm', by, async (trx, current) => {
    const confirmed = await setAppointmentOfficeStatus(trx, id, 'confirmed', { confirmedAt: ctx.now(), confirmedBy: by.actor, cancelReason: null });
    await announceChange(ctx, trx, 'status-changed', current, confirmed, { actor: by.actor, action: 'confirmed' });
    return confirmed;
  });
  return toStaffAppointment(row);
}
