import type { DispatchBoard } from '@repo/contracts';
import { daySlots } from '../domain/availability.ts';
import { slotInstants } from '../domain/slot-time.ts';
import { findAppointmentsOn } from '../repositories/appointment-repository.ts';
import { findClosure } from '../repositories/closure-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import { bookedCounts } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * One day's dispatch board: the arrival windows the day offers, with their booked places and capacity, and every
 * appointment of the day. A visit in a window the day no longer offers (the hours changed since) gets that window too,
 * so no card is left off the board. The day's closure comes with it: the board warns before a move into what it shuts.
 */
export async function dispatchBoard(ctx: BookingContext, date: string): Promise<DispatchBoard> {
  const [rows, booked, closure] = await Promise.all([findAppointmentsOn(ctx.db, date), bookedCounts(ctx.db, date), findClosure(ctx.db, date)]);
  const slots = [...new Set([...daySlots(ctx.rules), ...rows.map((row) => row.time_slot)])].sort();
  return {
    date,
    windows: slots.map((timeSlot) => {
      const { start, end } = slotInstants(date, timeSlot);
      return { timeSlot, start: start.toISOString(), end: end.toISOString(), booked: booked.get(timeSlot) ?? 0, capacity: ctx.rules.BOOKING_SLOT_CAPACITY };
    }),
    appointments: rows.map(toStaffAppointment),
    closure: closure ? { reason: closure.reason, openSlots: closure.open_slots } : null,
  };
}
