import { sql, type Kysely } from 'kysely';
import type { EarlyTextStatusesTable, NotificationsDatabase, Trx } from '../db/schema.ts';

/**
 * Holds Twilio SID `sid` for the caller's transaction (a transaction-scoped advisory lock, waited for). A status
 * callback and the send job storing that SID take it before they look at the other's rows, so one of them always sees
 * what the other committed: the callback finds the text, or the job finds the status the callback kept. Taken before
 * any row lock, in both, so neither waits for the other in a circle.
 */
export async function lockTextSid(trx: Trx, sid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('text_sid'), hashtext(${sid}))`.execute(trx);
}

/**
 * Keeps a final status for a SID no text has yet: the first one for the SID, or `read` over `delivered` (the step after
 * it); any other status arriving after one is kept changes nothing (as for a text, whose first final word stands).
 * Whether it was kept (false for one that changed nothing).
 */
export async function keepEarlyStatus(trx: Trx, early: EarlyTextStatusesTable): Promise<boolean> {
  const kept = await trx
    .insertInto('early_text_statuses')
    .values(early)
    .onConflict((conflict) =>
      early.status === 'read'
        ? conflict.column('sid').doUpdateSet({ status: early.status, error_code: early.error_code, received_at: early.received_at }).where('early_text_statuses.status', '=', 'delivered')
        : conflict.column('sid').doNothing(),
    )
    .returning('sid')
    .executeTakeFirst();
  return kept !== undefined;
}

/** Takes (deletes and answers) the status kept for `sid`, if one was. */
export const takeEarlyStatus = (trx: Trx, sid: string): Promise<EarlyTextStatusesTable | undefined> =>
  trx.deleteFrom('early_text_statuses').where('sid', '=', sid).returningAll().executeTakeFirst();

/** Drops the statuses kept since before `before` (their SID never showed up); how many. */
export async function dropEarlyStatuses(db: Kysely<NotificationsDatabase>, before: Date): Promise<number> {
  const result = await db.deleteFrom('early_text_statuses').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
