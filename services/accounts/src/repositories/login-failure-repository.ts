import { sql } from 'kysely';
import type { Db, SessionKind } from '../db/schema.ts';

/**
 * Holds the client's attempts lock until the transaction ends, so concurrent attempts from one client address (from
 * any process) count one after another and cannot all slip under its limits together. Taken before the account's.
 */
export async function lockClientAttempts(db: Db, client: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('login_failures'), hashtext(${`client:${client}`}))`.execute(db);
}

/**
 * Holds the account's attempts lock until the transaction ends, so concurrent attempts on one email (from any process)
 * count one after another. Taken after the client's: every attempt takes one client lock and then one account lock, in
 * that order, so two attempts cannot wait on each other.
 */
export async function lockAccountAttempts(db: Db, scope: SessionKind, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('login_failures'), hashtext(${`${scope}:${email}`}))`.execute(db);
}

/** The account's failures since `since` (from one client when `client` is given), newest first, at most `limit`. */
export async function findRecentAccountFailures(
  db: Db,
  scope: SessionKind,
  email: string,
  since: Date,
  limit: number,
  client?: string,
): Promise<Date[]> {
  let query = db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('scope', '=', scope)
    .where('email', '=', email)
    .where('failed_at', '>', since);
  if (client !== undefined) query = query.where('client', '=', client);
  const rows = await query.orderBy('failed_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.failed_at);
}

/** How many failures the account has had since `since`, from all clients together. */
export async function countRecentAccountFailures(db: Db, scope: SessionKind, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<string>().as('failures'))
    .where('scope', '=', scope)
    .where('email', '=', email)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

/** The client's failures on any account (customer or back office) since `since`, newest first, at most `limit`. */
export async function findRecentClientFailures(db: Db, client: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('client', '=', client)
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.failed_at);
}

export async function insertFailure(db: Db, scope: SessionKind, email: string, client: string, at: Date): Promise<void> {
  await db.insertInto('login_failures').values({ scope, email, client, failed_at: at }).execute();
}

/** Forgets the account's failures from one client. */
export async function deletePairFailures(db: Db, scope: SessionKind, email: string, client: string): Promise<void> {
  await db.deleteFrom('login_failures').where('scope', '=', scope).where('email', '=', email).where('client', '=', client).execute();
}

/** Forgets the account's failures from every client. */
export async function deleteFailures(db: Db, scope: SessionKind, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('scope', '=', scope).where('email', '=', email).execute();
}

/** Failures older than the window no longer count for anyone. */
export async function deleteFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}
