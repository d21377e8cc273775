import { sql } from 'kysely';
import type { Db, SessionKind } from '../db/schema.ts';

/**
 * Holds the account's attempts lock until the transaction ends, so concurrent attempts on one email (from any process)
 * count one after another and cannot all slip under the limit together.
 */
export async function lockAccountAttempts(db: Db, scope: SessionKind, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('login_failures'), hashtext(${`${scope}:${email}`}))`.execute(db);
}

/** The account's failures since `since`, newest first, at most `limit`. */
export async function findRecentFailures(db: Db, scope: SessionKind, email: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('scope', '=', scope)
    .where('email', '=', email)
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.failed_at);
}

export async function insertFailure(db: Db, scope: SessionKind, email: string, at: Date): Promise<void> {
  await db.insertInto('login_failures').values({ scope, email, failed_at: at }).execute();
}

export async function deleteFailures(db: Db, scope: SessionKind, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('scope', '=', scope).where('email', '=', email).execute();
}

/** Failures older than the window no longer count for anyone. */
export async function deleteFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}
