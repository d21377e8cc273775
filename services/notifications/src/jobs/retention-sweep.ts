import type { Kysely } from 'kysely';
import { z } from 'zod';
import { jobDefinition, recurringJob } from '@repo/service-kit';
import type { NotificationsDatabase, Trx } from '../db/schema.ts';
import { dropEarlyStatuses } from '../repositories/early-text-status-repository.ts';
import { removeBodies } from '../repositories/message-repository.ts';

/**
 * The retention sweep (message bodies are kept for 90 days, then only the metadata): once a day it removes the
 * content of every message whose last activity is older than NOTIFICATIONS_BODY_RETENTION_DAYS (`removeBodies`), so
 * the log keeps who was written to, what kind of message, on which channel, how it went and when, and no longer what
 * it said. A message not sent yet (scheduled or queued) is never touched. Running it twice, or on two replicas at once,
 * removes nothing more: a row already cleared is skipped. It also drops the text statuses Twilio posted for a SID no
 * text ever got (`early_text_statuses`) a day after they came: the send job stores a SID within seconds of Twilio's
 * answer, so a day means the SID was never ours to store (the attempt that got it failed before its commit).
 *
 * It runs as the kit's `recurringJob` (a chain of delayed jobs in the service's own queue, one across replicas): every
 * start of the service makes sure a chain exists (`startRetentionSweep`), the first start sweeping at once.
 */
export const retentionSweepJob = 'retention-sweep';

export const retentionSweepSchema = z.object({});

/** A day, between two sweeps; also how overdue the pending link must be before a start replaces it. */
export const retentionSweepEveryMs = 24 * 60 * 60 * 1000;
/** Rows cleared per statement: a first sweep over a long history does not hold one huge update. */
const batchSize = 500;

/** The part of notifications' context the sweep works with (the database is the job's own). */
export type RetentionContext = {
  now: () => Date;
  /** NOTIFICATIONS_BODY_RETENTION_DAYS. */
  bodyRetentionDays: number;
  jobs: { sendAfter(trx: Trx, name: typeof retentionSweepJob, payload: z.input<typeof retentionSweepSchema>, at: number): Promise<string> };
};

export const retentionSweepJobDefinition = (context: () => RetentionContext) =>
  jobDefinition<typeof retentionSweepSchema, NotificationsDatabase>({
    schema: retentionSweepSchema,
    run: (db, _payload, meta) => runRetentionSweep(context(), db, meta.jobId),
  });

const chain = (ctx: RetentionContext) =>
  recurringJob({ name: retentionSweepJob, everyMs: retentionSweepEveryMs, now: ctx.now, sendAfter: (trx, seconds) => ctx.jobs.sendAfter(trx as Trx, retentionSweepJob, {}, seconds) });

/** One link of the chain (the kit's `recurringJob`): the pending link schedules the next, then any link sweeps. */
export const runRetentionSweep = (ctx: RetentionContext, db: Kysely<NotificationsDatabase>, jobId: string): Promise<void> =>
  chain(ctx).run(db, jobId, () => sweepRetention(ctx, db));

/** Makes sure the chain runs (at every start, on every replica, once the queue has started); one chain across replicas. */
export const startRetentionSweep = (ctx: RetentionContext, db: Kysely<NotificationsDatabase>): Promise<void> => chain(ctx).start(db);

/** How long a text status kept for an unknown SID waits for its text. */
export const earlyStatusKeptMs = 24 * 60 * 60 * 1000;

/**
 * Removes the content of the messages whose last activity is older than the retention, in batches, and drops the text
 * statuses that waited a day for their SID; how many of each.
 */
export async function sweepRetention(ctx: Pick<RetentionContext, 'now' | 'bodyRetentionDays'>, db: Kysely<NotificationsDatabase>): Promise<{ bodiesRemoved: number; earlyStatusesDropped: number }> {
  const now = ctx.now();
  const before = new Date(now.getTime() - ctx.bodyRetentionDays * 24 * 60 * 60 * 1000);
  let bodiesRemoved = 0;
  for (;;) {
    const cleared = await removeBodies(db, before, now, batchSize);
    bodiesRemoved += cleared;
    if (cleared < batchSize) break;
  }
  const earlyStatusesDropped = await dropEarlyStatuses(db, new Date(now.getTime() - earlyStatusKeptMs));
  return { bodiesRemoved, earlyStatusesDropped };
}
