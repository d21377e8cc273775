// What a live socket sees when tracking stops (SIGTERM runs exactly this: startDraining, then close; see the kit's
// runService): no new socket is accepted, and every open one is closed with 1001 so its client reconnects elsewhere.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDraining } from '@repo/service-kit';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { goingAway } from '../src/routes/ws.ts';
import { connect, UpgradeRefused } from './ws-helpers.ts';

let tracking: TestService<TrackingDatabase>;
let address: string;
let closed = false;

beforeAll(async () => {
  tracking = await createTestService(trackingService);
  await tracking.app.listen({ port: 0, host: '127.0.0.1' });
  address = `127.0.0.1:${(tracking.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (!closed) await tracking?.close();
});

describe('tracking shutting down', () => {
  it('refuses new sockets while draining and closes open ones with 1001 (going away)', async () => {
    const [first, second] = [await connect(address), await connect(address)];

    startDraining(tracking.app);
    const refusal = await connect(address).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(UpgradeRefused);
    expect((refusal as UpgradeRefused).status).toBe(503);
    expect((refusal as UpgradeRefused).body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    // Draining alone leaves open sockets as they are: they get the server's last updates until it closes.
    await first.barrier();

    const closing = tracking.close();
    closed = true;
    expect(goingAway).toBe(1001);
    expect(await first.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await second.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await closing;
  });
});
