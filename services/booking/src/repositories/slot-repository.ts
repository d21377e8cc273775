import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** Booked count per slot of a date, for availability. */
export async function bookedCounts(db: Db, date: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('slot_bookings').select(['time_slot', 'booked']).where('appointment_date', '=', date).execute();
  return new Map(rows.map((row) => [row.time_slot, row.booked]));
}

/**
 * Takes a place in the slot if it has room; false when it is full. The counting is the `take_slot_place` database
 * function, the same one `book_appointment` calls (see the slot-place migration).
 */
export async function takePlace(db: Db, date: string, slot: string, capacity: number): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`select take_slot_place(${date}::date, ${slot}, ${capacity}::integer) as taken`.execute(db);
  return rows[0]?.taken === true;
}

/** Gives a place back (a cancellation); never below zero. */
export async function releasePlace(db: Db, date: string, slot: string): Promise<void> {
  await sql`select release_slot_place(${date}::date, ${slot})`.execute(db);
}

/**
 * Moves one place from a slot to another (a reschedule) through the `move_slot_place` database function; false, with
 * nothing changed, when the new slot is full.
 */
export async function movePlace(db: Db, from: { date: string; slot: string }, to: { date: string; slot: string }, capacity: number): Promise<boolean> {
  const { rows } = await sql<{ moved: boolean }>`select move_slot_place(${from.date}::date, ${from.slot}, ${to.date}::date, ${to.slot}, ${capacity}::integer) as moved`.execute(db);
  return rows[0]?.moved === true;
}
