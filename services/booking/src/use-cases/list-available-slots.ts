import { closureMessage, closureMessages, type AvailableSlotsResponse } from '@repo/contracts';
import { checkBookableDate, closureLeavesOpen, daySlots, slotStartsInTime } from '../domain/availability.ts';
import { findClosure } from '../repositories/closure-repository.ts';
import { bookedCounts } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * The slots of `date` that still start in time, stay open through any closure of the day and have room; empty with a
 * reason a person can act on.
 */
export function listAvailableSlots(ctx: BookingContext, date: string): Promise<AvailableSlotsResponse> {
  const now = ctx.now();
  return ctx.availability.get(date, now, async () => {
    const check = checkBookableDate(date, now);
    if (!check.bookable) return { date, availableSlots: [], reason: check.reason };
    const [closure, booked] = await Promise.all([findClosure(ctx.db, date), bookedCounts(ctx.db, date)]);
    if (closure?.open_slots === null) return { date, availableSlots: [], reason: closureMessage(closureMessages.customerClosedDay, closure) };
    const availableSlots = daySlots(ctx.rules).filter(
      (slot) => closureLeavesOpen(closure, slot) && slotStartsInTime(date, slot, now, ctx.rules) && (booked.get(slot) ?? 0) < ctx.rules.BOOKING_SLOT_CAPACITY,
    );
    return availableSlots.length
      ? { date, availableSlots }
      : { date, availableSlots, reason: 'No times are left on this day. Please choose another day.' };
  });
}
