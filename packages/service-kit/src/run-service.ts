import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { startDraining, type ServiceApp } from './create-service.ts';

export type RunOptions = {
  host: string;
  port: number;
  /** Closed once the app has closed (no request in flight, sockets and queue workers stopped): the database. */
  onClose?: () => Promise<void>;
  /** How long readiness answers 503 before the server stops accepting connections (SHUTDOWN_DELAY_MS). */
  delayMs?: number;
  /** The bound on the whole shutdown (SHUTDOWN_TIMEOUT_MS); past it the process exits with 1. */
  timeoutMs?: number;
};

/** One app of a process that runs several (the embedded host of `pnpm start`). */
export type RunEntry = Pick<RunOptions, 'host' | 'port' | 'onClose'> & { app: ServiceApp };

/**
 * The only place that calls `listen`: starts the service and, on SIGTERM or SIGINT (or an uncaught error), stops it
 * in this order, within `timeoutMs`:
 * 1. readiness answers 503, and a request arriving on a kept-alive connection gets 503 with Retry-After and
 *    `Connection: close` (the load balancer sends new work to another replica);
 * 2. after `delayMs`, the server stops accepting connections and requests in flight finish (their connections close
 *    after the answer); WebSockets are closed with 1001 (going away) by the plugin that owns them (a `preClose` hook);
 * 3. the `onClose` hooks run: queue workers stop and the database listeners end;
 * 4. `onClose` (the database), then exit 0. A step that fails or the timeout exits 1.
 */
export async function runService(app: ServiceApp, options: RunOptions): Promise<void> {
  await runServices([{ app, host: options.host, port: options.port, onClose: options.onClose }], options);
}

/**
 * `runService` for several apps in one process: each listens on its own port, and one signal drains them all
 * together, then closes each app and its database.
 */
export async function runServices(entries: RunEntry[], options: Pick<RunOptions, 'delayMs' | 'timeoutMs'>): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const log = entries[0]!.app.log;
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: { error: (message: unknown) => log.error({ err: message }, 'error during shutdown') },
      onTimeout: () => log.error(`shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting`),
      onSecondSignal: (signal) => log.error({ signal }, 'second signal during shutdown; exiting'),
    },
    async ({ signal, err }) => {
      for (const { app } of entries) {
        if (err) app.log.error({ err }, 'uncaught error; shutting down');
        else app.log.info({ signal }, 'shutting down: readiness answers 503, requests in flight finish');
        startDraining(app);
      }
      if (options.delayMs) await sleep(options.delayMs);
      await Promise.all(
        entries.map(async ({ app, onClose }) => {
          await app.close();
          await onClose?.();
          app.log.info('shut down');
        }),
      );
    },
  );
  for (const { app, host, port } of entries) await app.listen({ host, port });
}

/** Runs `main`, printing a start-up failure (such as an invalid environment) plainly and exiting non-zero. */
export function startOrExit(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
