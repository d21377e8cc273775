import { sql } from 'kysely';
import type { AppointmentStatus } from '@repo/contracts';
import type { Db, Trx } from '../db/schema.ts';

/**
 * Records a request for `emailHash` at `at`, after forgetting those older than `since`; how many were recorded since
 * then before this one, and this one's id. Serialised per address (an advisory lock), so two requests at once cannot
 * both count as the first.
 */
export async function recordLinkRequest(trx: Trx, emailHash: string, at: Date, since: Date): Promise<{ id: number; earlier: number }> {
  await sql`select pg_advisory_xact_lock(hashtext(${`appointment-links:${emailHash}`}))`.execute(trx);
  await trx.deleteFrom('appointment_link_requests').where('requested_at', '<', since).execute();
  const { count } = await trx
    .selectFrom('appointment_link_requests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email_hash', '=', emailHash)
    .executeTakeFirstOrThrow();
  const { id } = await trx.insertInto('appointment_link_requests').values({ email_hash: emailHash, requested_at: at }).returning('id').executeTakeFirstOrThrow();
  return { id, earlier: Number(count) };
}

/** The appointments booked with this address (any case) from `fromDate` on that are still to come, soonest first. */
export const findUpcomingByEmail = (db: Db, email: string, fromDate: string, statuses: readonly AppointmentStatus[], limit: number) =>
  db
    .selectFrom('appointments')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('appointment_date', '>=', fromDate)
    .where('status', 'in', statuses)
    .orderBy('appointment_date')
    .orderBy('time_slot')
    .limit(limit)
    .execute();
