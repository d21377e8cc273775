import { sql } from 'kysely';
import type { Trx } from '../db/schema.ts';

/**
 * Claims this turn of the scheduled work `name` for the caller's transaction: true when no other transaction is
 * claiming it (a transaction-scoped advisory lock, taken without waiting) and its last run, by the database's clock,
 * began at least `minGapMs` ago; the run's time is then recorded, and counts once the transaction commits.
 */
export async function claimScheduledRun(trx: Trx, name: string, minGapMs: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext('scheduled_runs'), hashtext(${name})) as locked`.execute(trx);
  if (!rows[0]?.locked) return false;
  const claimed = await trx.insertInto('scheduled_runs')
    .values({ name, last_run_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: sql<Date>`excluded.last_run_at` })
      .where('scheduled_runs.last_run_at', '<=', sql<Date>`now() - ${minGapMs}::float8 * interval '1 millisecond'`))
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}
