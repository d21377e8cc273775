import type { FastifyBaseLogger } from 'fastify';
import type { TrackingContext } from './use-cases/context.ts';
import { driveDemoTechnician } from './use-cases/drive-demo-technician.ts';
import { runOnceAcrossReplicas } from './use-cases/run-once-across-replicas.ts';

export type DemoDriver = { stop: () => Promise<void> };

/** The demo driver's name among the scheduled work replicas share (`scheduled_runs`). */
export const demoDriverSchedule = 'demo-driver';

/**
 * Drives the demo technician every `intervalMs` (DEMO_DRIVER=true, the embedded `pnpm start`), so a newcomer sees the
 * tracking page move. Every replica on the database ticks, and each turn's step is taken by one of them
 * (`runOnceAcrossReplicas`), so scaling tracking out never makes the technician drive faster. Steps never overlap
 * (the next is scheduled after one ends), a failing step is logged and the next one tries again, and `stop` waits for
 * a step under way, so nothing touches the database after close.
 */
export function startDemoDriver(ctx: TrackingContext, { intervalMs, log }: { intervalMs: number; log: FastifyBaseLogger }): DemoDriver {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const step = async () => {
    try {
      await runOnceAcrossReplicas(ctx, { name: demoDriverSchedule, everyMs: intervalMs }, (trx) => driveDemoTechnician(ctx, trx));
    } catch (err) {
      log.warn({ err }, 'demo driver step failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step().then(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
