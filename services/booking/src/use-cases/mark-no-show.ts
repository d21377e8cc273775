import type { StaffAppointment } from '@repo/contracts';
import { announceChange } from '../domain/dispatch.ts';
import { setAppointmentOfficeStatus } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';
import { officeChange, type OfficeActor } from './office-change.ts';

/**
 * The customer was not there: once the arrival window has started, a scheduled or confirmed appointment becomes a
 * no-show. It keeps its place (the window was used). Subscribers hear a status change, which withdraws its reminders.
 */
export async function markNoShow(ctx: BookingContext, id: number, by: OfficeActor): Promise<StaffAppointment> {
  const row = await officeChange(ctx, id, 'no-show', by, async (trx, current) => {
    const marked = await setAppointmentOfficeStatus(trx, id, 'no-show', { confirmedAt: current.confirmed_at, confirmedBy: current.confirmed_by, cancelReason: null });
    await announceChange(ctx, trx, 'status-changed', current, marked, { actor: by.actor, action: 'no-show' });
    return marked;
  });
  return toStaffAppointment(row);
}
