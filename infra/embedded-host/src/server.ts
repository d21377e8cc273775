/**
 * The embedded host of `pnpm start`: every service in this one process, each on its own PGlite database, port and log
 * file, as `scripts/stack.ts` configures them (see `hostServices`). Production and the browser tests run each service
 * as its own process instead (`services/<name>/dist/server.mjs`).
 *
 * EMBEDDED_SERVICES: JSON of each service's own environment ({ "booking": { "PORT": "3001", ... }, ... }), laid over
 * this process's; EMBEDDED_LOG_DIR: where `<service>.log` is appended.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { serviceNames, type ServiceName } from '@repo/contracts';
import { accountsService } from '@repo/accounts/definition';
import { bookingService } from '@repo/booking/definition';
import { notificationsService } from '@repo/notifications/definition';
import { paymentsService } from '@repo/payments/definition';
import { hostServices, startOrExit, type HostedService } from '@repo/service-kit/main';
import { trackingService } from '@repo/tracking/definition';

const definitions: Record<ServiceName, HostedService['definition']> = {
  accounts: accountsService,
  booking: bookingService,
  notifications: notificationsService,
  payments: paymentsService,
  tracking: trackingService,
};

startOrExit(async () => {
  const { EMBEDDED_SERVICES: configured, EMBEDDED_LOG_DIR: logDir, ...shared } = process.env;
  if (!configured || !logDir) throw new Error('The embedded host is started by `pnpm start` (scripts/stack.ts): EMBEDDED_SERVICES and EMBEDDED_LOG_DIR are not set.');
  const own = JSON.parse(configured) as Partial<Record<ServiceName, Record<string, string>>>;
  const unknown = Object.keys(own).filter((name) => !(serviceNames as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`EMBEDDED_SERVICES names no such service: ${unknown.join(', ')}`);
  await hostServices(
    serviceNames
      .filter((name) => own[name])
      .map((name) => ({
        definition: definitions[name],
        env: { ...shared, ...own[name] },
        logStream: createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' }),
      })),
  );
});
