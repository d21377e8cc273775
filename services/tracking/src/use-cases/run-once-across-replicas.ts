import type { Trx } from '../db/schema.ts';
import { claimScheduledRun } from '../repositories/scheduled-run-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Timers of replicas sharing one database fire independently, so every replica asks for each turn of a piece of
 * scheduled work: the first to claim it runs `work`, in the transaction that claimed it, and the others skip that turn.
 * A turn is due once the last run began at least nine tenths of `everyMs` ago by the database's clock (a timer may
 * fire a little early; the replicas' clocks may differ). A failing `work` rolls its claim back, so the next tick on any
 * replica tries again.
 */
export async function runOnceAcrossReplicas<T>(ctx: Pick<TrackingContext, 'db'>, schedule: { name: string; everyMs: number }, work: (trx: Trx) => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await claimScheduledRun(trx, schedule.name, schedule.everyMs * 0.9))) return { ran: false };
    return { ran: true, result: await work(trx) };
  });
}
