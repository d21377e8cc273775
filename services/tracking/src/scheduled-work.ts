import type { FastifyBaseLogger } from 'fastify';
import type { Trx } from './db/schema.ts';
import type { TrackingContext } from './use-cases/context.ts';
import { runOnceAcrossReplicas } from './use-cases/run-once-across-replicas.ts';

export type ScheduledWork = { stop: () => Promise<void> };

/** The names of tracking's scheduled work among what replicas share (`scheduled_runs`). */
export const schedules = {
  /** Drives the demo technician (DEMO_DRIVER=true, the embedded `pnpm start`), so a newcomer sees the page move. */
  demoDriver: 'demo-driver',
  /** Forgets technicians' positions once they are older than the privacy policy says they are kept. */
  positionPurge: 'position-purge',
} as const;

/**
 * Runs `work` every `intervalMs` (the first turn within ten seconds of the start) on every replica's timer, and each turn is taken by one of them
 * (`runOnceAcrossReplicas`), so scaling tracking out never runs it more often. Turns never overlap (the next is
 * scheduled after one ends), a failing turn is logged and the next one tries again, and `stop` waits for a turn under
 * way, so nothing touches the database after close.
 */
export function startScheduledWork(
  ctx: TrackingContext,
  { name, intervalMs, log, work }: { name: string; intervalMs: number; log: FastifyBaseLogger; work: (trx: Trx) => Promise<unknown> },
): ScheduledWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const step = async () => {
    try {
      await runOnceAcrossReplicas(ctx, { name, everyMs: intervalMs }, work);
    } catch (err) {
      log.warn({ err, schedule: name }, 'scheduled work failed; the next turn tries again');
    }
  };
  const schedule = (afterMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step().then(() => schedule(intervalMs));
    }, afterMs);
  };
  // The first turn comes soon after start, so work of a long interval still runs when deploys come more often; the
  // claim keeps it from running more often than the interval across restarts and replicas.
  schedule(Math.min(intervalMs, 10_000));
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
