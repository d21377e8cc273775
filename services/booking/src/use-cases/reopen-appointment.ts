import { closureMessages, officeActionMessages, type StaffAppointment } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { closureProblem } from '../domain/availability.ts';
import { announceChange } from '../domain/dispatch.ts';
import { setAppointmentOfficeStatus } from '../repositories/appointment-repository.ts';
import { findClosure } from '../repositories/closure-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import { takePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';
import { officeChange, type OfficeActor } from './office-change.ts';

/**
 * A cancelled appointment (or one marked a no-show by mistake) is scheduled again, to be confirmed again. A cancelled
 * one takes its place back through the slot counter, so a slot that filled in the meantime refuses it (409); a no-show
 * never gave its place back. A cancelled one on a day closed since (or outside its reduced hours) is refused (409). Subscribers hear a status change, so reminders are planned again.
 */
export async function reopenAppointment(ctx: BookingContext, id: number, by: OfficeActor): Promise<StaffAppointment> {
  const row = await officeChange(ctx, id, 'reopen', by, async (trx, current) => {
    if (current.status === 'cancelled' && current.holds_slot_place) {
      const closed = closureProblem(await findClosure(trx, current.appointment_date), current.time_slot, {
        closedDay: closureMessages.officeReopenClosed,
        closedWindow: closureMessages.officeReopenClosed,
      });
      if (closed) throw closed;
      if (!(await takePlace(trx, current.appointment_date, current.time_slot, ctx.rules.BOOKING_SLOT_CAPACITY))) throw conflict(officeActionMessages.reopenFull);
    }
    const reopened = await setAppointmentOfficeStatus(trx, id, 'scheduled', { confirmedAt: null, confirmedBy: null, cancelReason: null });
    await announceChange(ctx, trx, 'status-changed', current, reopened, { actor: by.actor, action: 'reopened' });
    return reopened;
  });
  return toStaffAppointment(row);
}
