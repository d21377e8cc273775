import { appNames } from '@repo/contracts';
import { startGateway } from './gateway.ts';
import { localGatewayOptions, localTopology } from './topology.ts';

/**
 * The local gateway for machines without nginx: `tsx src/main.ts`. Configured like `render-nginx.ts --mode local`
 * (WEB_PORT, BOOKING_URL, WEB_DIST, PORTAL_ORIGIN, ...); GATEWAY_GZIP=false turns compression off.
 */
async function main(): Promise<void> {
  const gateway = await startGateway({
    ...localGatewayOptions(localTopology()),
    gzip: process.env.GATEWAY_GZIP !== 'false',
    logger: { level: process.env.LOG_LEVEL || 'info' },
  });
  for (const app of appNames) console.log(`${app.padEnd(10)} ${gateway.urls[app]}`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
