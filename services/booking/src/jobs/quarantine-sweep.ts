import { z } from 'zod';
import { jobDefinition, recurringJob, type RecurringJob } from '@repo/service-kit';
import type { BookingDatabase, Trx } from '../db/schema.ts';
import type { PhotoContext } from '../use-cases/photos.ts';
import { sweepQuarantine } from '../use-cases/sweep-quarantine.ts';

export const quarantineSweepJob = 'quarantine-sweep';
export const quarantineSweepSchema = z.object({});
/** An hour between two sweeps. */
export const quarantineSweepEveryMs = 60 * 60 * 1000;

/** What the sweep works with: the photos' store and clock, how long an unclaimed upload is kept, and the queue. */
export type QuarantineContext = Pick<PhotoContext, 'db' | 'store' | 'now'> & {
  /** PHOTO_QUARANTINE_HOURS. */
  keptHours: number;
  sendAfter: (trx: Trx, seconds: number) => Promise<string>;
};

/**
 * The quarantine sweep (`sweepQuarantine`), every hour, once across replicas: the kit's `recurringJob`, a chain of
 * delayed jobs in booking's own queue that every start makes sure exists (`quarantineSweep(ctx).start`).
 */
export const quarantineSweep = (ctx: QuarantineContext): RecurringJob =>
  recurringJob({ name: quarantineSweepJob, everyMs: quarantineSweepEveryMs, now: ctx.now, sendAfter: (trx, seconds) => ctx.sendAfter(trx as Trx, seconds) });

export const quarantineSweepJobDefinition = (context: () => QuarantineContext) =>
  jobDefinition<typeof quarantineSweepSchema, BookingDatabase>({
    schema: quarantineSweepSchema,
    run: async (db, _payload, meta) => {
      const ctx = context();
      await quarantineSweep(ctx).run(db, meta.jobId, () => sweepQuarantine(ctx, new Date(ctx.now().getTime() - ctx.keptHours * 60 * 60 * 1000)));
    },
  });
