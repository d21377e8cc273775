import { sql, type Kysely, type Transaction } from 'kysely';

/** The table naming each recurring job's pending link; each service that runs one creates it in its own migrations (name primary key). */
export type RecurringJobsTable = {
  name: string;
  /** The pending link's job id (pg-boss's). */
  job_id: string;
  /** When it falls due, by the service's clock. */
  due_at: Date;
};

type RecurringJobsDb = { recurring_jobs: RecurringJobsTable };

export type RecurringJobOptions = {
  /** The job's name, as in the service's jobs (the chain's row in `recurring_jobs`). */
  name: string;
  everyMs: number;
  now: () => Date;
  /** Schedules the job `seconds` from now (the kit's `sendAfter`), in the caller's transaction. */
  sendAfter: (trx: Transaction<any>, seconds: number) => Promise<string>;
};

export type RecurringJob = {
  /**
   * Makes sure the chain runs (at every start, on every replica, once the queue has started): started at once when it
   * never was, or when its pending link is more than a period overdue (the queue lost it); otherwise left as it is.
   */
  start(db: Kysely<any>): Promise<void>;
  /**
   * One link of the chain, job `jobId`: the pending link schedules the next (in a transaction of its own, before the
   * work, so a failing run retried by the queue keeps the chain going and its retry schedules nothing more); then any
   * link does `work`.
   */
  run(db: Kysely<any>, jobId: string, work: () => Promise<unknown>): Promise<void>;
};

/**
 * Work done every `everyMs`, once across replicas. The kit has no cron: the work is a chain of delayed jobs in the
 * service's own queue, each run scheduling the next. `recurring_jobs` names the pending link, and replicas take turns
 * on it (a transaction-scoped advisory lock), so a start and a link each see what the other committed and one chain
 * runs. Should a replaced link run after all, it works and schedules nothing, not being the pending link any more.
 */
export function recurringJob({ name, everyMs, now, sendAfter }: RecurringJobOptions): RecurringJob {
  const lock = (trx: Transaction<any>) => sql`select pg_advisory_xact_lock(hashtext('recurring_jobs'), hashtext(${name}))`.execute(trx);
  const pendingLink = (trx: Transaction<any>) =>
    (trx as Transaction<RecurringJobsDb>).selectFrom('recurring_jobs').selectAll().where('name', '=', name).executeTakeFirst();
  const save = (trx: Transaction<any>, link: RecurringJobsTable) =>
    (trx as Transaction<RecurringJobsDb>).insertInto('recurring_jobs').values(link).onConflict((conflict) => conflict.column('name').doUpdateSet({ job_id: link.job_id, due_at: link.due_at })).execute();
  return {
    async start(db) {
      await db.transaction().execute(async (trx) => {
        await lock(trx);
        const pending = await pendingLink(trx);
        const at = now();
        if (pending && pending.due_at.getTime() > at.getTime() - everyMs) return;
        await save(trx, { name, job_id: await sendAfter(trx, 0), due_at: at });
      });
    },
    async run(db, jobId, work) {
      await db.transaction().execute(async (trx) => {
        await lock(trx);
        // A retry of this run (it scheduled the next link already), or a link a start replaced: not this job's turn.
        if ((await pendingLink(trx))?.job_id !== jobId) return;
        const next = await sendAfter(trx, everyMs / 1000);
        await save(trx, { name, job_id: next, due_at: new Date(now().getTime() + everyMs) });
      });
      await work();
    },
  };
}
