import type { ServiceApp } from './create-service.ts';

export type RunOptions = {
  host: string;
  port: number;
  /** Closed after the server stops accepting requests, e.g. the database. */
  onClose?: () => Promise<void>;
  shutdownTimeoutMs?: number;
  /** Time for handlers of requests whose clients already hung up to finish before `onClose` runs. */
  drainMs?: number;
};

/** The only place that calls `listen`: starts the service and closes it gracefully on SIGINT/SIGTERM. */
export async function runService(app: ServiceApp, options: RunOptions): Promise<void> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 10_000);
    timer.unref();
    try {
      await app.close();
      await new Promise((resolve) => setTimeout(resolve, options.drainMs ?? 500));
      await options.onClose?.();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: options.host, port: options.port });
}

/** Runs `main`, printing a start-up failure (such as an invalid environment) plainly and exiting non-zero. */
export function startOrExit(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
