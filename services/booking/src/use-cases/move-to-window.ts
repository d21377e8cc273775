import { badRequest, conflict } from '@repo/service-kit';
import type { AppointmentRow, Trx } from '../db/schema.ts';
import { closureProblem, slotProblem } from '../domain/availability.ts';
import { announceChange } from '../domain/dispatch.ts';
import { moveAppointment } from '../repositories/appointment-repository.ts';
import { findClosure } from '../repositories/closure-repository.ts';
import { movePlace } from '../repositories/slot-repository.ts';
import type { BookingContext } from './context.ts';

type Move = {
  date: string;
  slot: string;
  /** Who moves it, as the history names them. */
  actor: string;
  /** The refusals in the mover's words: the same window again (400), and no room in the new one (409). */
  sameWindow: string;
  full: string;
  /** A closure's refusals in the mover's words (409): the day closed, or the window outside its reduced hours. */
  closure: { closedDay: string; closedWindow: string };
};

/**
 * Moves the locked appointment to another window by the rules of a new booking (window, working hours, closures, notice): a
 * place is taken in the new slot and the old one given back through the slot counter, so racing bookings,
 * cancellations and other moves never overbook or lose a place; the row moves, and subscribers and tracking hear of
 * it, in the caller's transaction. The customer's reschedule and the office's share it.
 */
export async function moveToWindow(ctx: Pick<BookingContext, 'rules' | 'effects' | 'links' | 'now'>, trx: Trx, current: AppointmentRow, move: Move): Promise<AppointmentRow> {
  const { date, slot } = move;
  if (current.appointment_date === date && current.time_slot === slot) throw badRequest(move.sameWindow, { timeSlot: move.sameWindow });
  const problem = slotProblem(date, slot, ctx.now(), ctx.rules);
  if (problem) throw problem;
  const closed = closureProblem(await findClosure(trx, date), slot, move.closure);
  if (closed) throw closed;
  const moved = await movePlace(trx, { date: current.appointment_date, slot: current.time_slot }, { date, slot }, ctx.rules.BOOKING_SLOT_CAPACITY);
  if (!moved) throw conflict(move.full, { timeSlot: move.full });
  const movedRow = await moveAppointment(trx, current.id, date, slot);
  await announceChange(ctx, trx, 'rescheduled', current, movedRow, { actor: move.actor, detail: `From ${current.appointment_date} ${current.time_slot} to ${date} ${slot}` });
  return movedRow;
}
