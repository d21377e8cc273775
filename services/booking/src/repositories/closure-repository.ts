import { sql } from 'kysely';
import type { ClosureRow, Db } from '../db/schema.ts';

/** The closure of one day, or undefined. */
export const findClosure = (db: Db, date: string) => db.selectFrom('closures').selectAll().where('date', '=', date).executeTakeFirst();

/** Closures on `from` and after, in date order. */
export const findClosuresFrom = (db: Db, from: string) => db.selectFrom('closures').selectAll().where('date', '>=', from).orderBy('date').execute();

/** Stores a closure; undefined when the day already has one (nothing changed). */
export const insertClosure = (db: Db, closure: { date: string; reason: string | null; openSlots: string[] | null; createdBy: string }) =>
  db
    .insertInto('closures')
    .values({ date: closure.date, reason: closure.reason, open_slots: closure.openSlots, created_by: closure.createdBy })
    .onConflict((oc) => oc.column('date').doNothing())
    .returningAll()
    .executeTakeFirst();

/** Removes a day's closure; false when it had none. */
export async function deleteClosure(db: Db, date: string): Promise<boolean> {
  const result = await db.deleteFrom('closures').where('date', '=', date).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * How many visits still to come on each closure's day sit outside what stays open (every one on a day closed all
 * day), so the office knows whom to call.
 */
export async function visitsToMove(db: Db, closures: ClosureRow[]): Promise<Map<string, number>> {
  if (closures.length === 0) return new Map();
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('closures', 'closures.date', 'appointments.appointment_date')
    .select(['appointments.appointment_date as date', sql<number>`count(*)::int`.as('count')])
    .where('appointments.appointment_date', 'in', closures.map((closure) => closure.date))
    .where('appointments.status', 'in', ['scheduled', 'confirmed'])
    .where((eb) => eb.or([eb('closures.open_slots', 'is', null), sql<boolean>`not (appointments.time_slot = any(closures.open_slots))`]))
    .groupBy('appointments.appointment_date')
    .execute();
  return new Map(rows.map((row) => [row.date, row.count]));
}
