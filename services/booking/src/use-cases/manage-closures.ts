import { bookableDates, businessDate, closureMessages, type ClosedDays, type Closure, type ClosureList, type CreateClosureParsed } from '@repo/contracts';
import { badRequest, conflict, notFound } from '@repo/service-kit';
import { daySlots } from '../domain/availability.ts';
import { deleteClosure, findClosuresFrom, insertClosure, visitsToMove } from '../repositories/closure-repository.ts';
import { toClosure } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** Today's and later closures, each with the visits of its day still to move, and the windows a day normally offers. */
export async function listClosures(ctx: BookingContext): Promise<ClosureList> {
  const rows = await findClosuresFrom(ctx.db, businessDate(ctx.now()));
  const toMove = await visitsToMove(ctx.db, rows);
  return { items: rows.map((row) => toClosure(row, toMove.get(row.date) ?? 0)), daySlots: daySlots(ctx.rules) };
}

/** The bookable days closed all day, with their reasons, in date order: what the booking calendar shows as closed. */
export async function listClosedDays(ctx: BookingContext): Promise<ClosedDays> {
  const bookable = new Set(bookableDates(businessDate(ctx.now())));
  const rows = await findClosuresFrom(ctx.db, businessDate(ctx.now()));
  return { days: rows.filter((row) => row.open_slots === null && bookable.has(row.date)).map((row) => ({ date: row.date, reason: row.reason })) };
}

/**
 * Closes a day (no windows) or reduces its hours to the listed windows, from today on; one closure per day (409 for a
 * second). Visits already booked outside what stays open keep their place: the answer counts them, for the office to
 * call and move. The day's availability is dropped at once here (other replicas follow within their cache's second).
 */
export async function addClosure(ctx: BookingContext, input: CreateClosureParsed & { actor: string }): Promise<Closure> {
  if (input.date < businessDate(ctx.now())) throw badRequest(closureMessages.pastDate, { date: closureMessages.pastDate });
  const offered = daySlots(ctx.rules);
  const openSlots = input.openSlots ?? null;
  if (openSlots?.some((slot) => !offered.includes(slot))) throw badRequest(closureMessages.windowNotOffered, { openSlots: closureMessages.windowNotOffered });
  const row = await insertClosure(ctx.db, {
    date: input.date,
    reason: input.reason ?? null,
    openSlots: openSlots && offered.filter((slot) => openSlots.includes(slot)),
    createdBy: input.actor,
  });
  if (!row) throw conflict(closureMessages.exists, { date: closureMessages.exists });
  ctx.availability.invalidate(row.date);
  const toMove = await visitsToMove(ctx.db, [row]);
  return toClosure(row, toMove.get(row.date) ?? 0);
}

/** Opens a closed day again (its normal windows are offered at once); 404 when the day has no closure. */
export async function removeClosure(ctx: BookingContext, date: string): Promise<void> {
  if (!(await deleteClosure(ctx.db, date))) throw notFound(closureMessages.notFound);
  ctx.availability.invalidate(date);
}
