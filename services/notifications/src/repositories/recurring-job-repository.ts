import { sql } from 'kysely';
import type { RecurringJobsTable, Trx } from '../db/schema.ts';

/**
 * Holds the recurring job `name` for the caller's transaction (a transaction-scoped advisory lock, waited for): a
 * replica starting the chain and a link scheduling the next one take turns, so each sees what the other committed.
 */
export async function lockRecurringJob(trx: Trx, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('recurring_jobs'), hashtext(${name}))`.execute(trx);
}

/** The chain's pending link, if it was ever started. */
export const findRecurringJob = (trx: Trx, name: string): Promise<RecurringJobsTable | undefined> =>
  trx.selectFrom('recurring_jobs').selectAll().where('name', '=', name).executeTakeFirst();

/** Names `link` the chain's pending link (replacing the one before). */
export async function saveRecurringJob(trx: Trx, link: RecurringJobsTable): Promise<void> {
  await trx
    .insertInto('recurring_jobs')
    .values(link)
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ job_id: link.job_id, due_at: link.due_at }))
    .execute();
}
