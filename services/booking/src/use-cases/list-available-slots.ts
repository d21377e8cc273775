import type { AvailableSlotsResponse } from '@repo/contracts';
import { checkBookableDate, daySlots, slotStartsInTime } from '../domain/availability.ts';
import { bookedCounts } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';

/** The slots of `date` that still start in time and have room; empty with a reason a person can act on. */
export function listAvailableSlots(ctx: BookingContext, date: string): Promise<AvailableSlotsResponse> {
  const now = ctx.now();
  return ctx.availability.get(date, now, async () => {
    const check = checkBookableDate(date, now);
    if (!check.bookable) return { date, availableSlots: [], reason: check.reason };
    const booked = await bookedCounts(ctx.db, date);
    const availableSlots = daySlots(ctx.rules).filter(
      (slot) => slotStartsInTime(date, slot, now, ctx.rules) && (booked.get(slot) ?? 0) < ctx.rules.BOOKING_SLOT_CAPACITY,
    );
    return availableSlots.length
      ? { date, availableSlots }
      : { date, availableSlots, reason: 'No times are left on this day. Please choose another day.' };
  });
}
