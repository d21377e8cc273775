// What a live socket sees when tracking stops (SIGTERM runs exactly this: startDraining, then close; see the kit's
// runService): no new socket is accepted, and every open one is closed with 1001 so its client reconnects elsewhere.
import type { AddressInfo, Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDraining } from '@repo/service-kit';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { closeHandshakeMs, goingAway } from '../src/routes/ws.ts';
import { connect, newClientAddress, startTracking, UpgradeRefused } from './ws-helpers.ts';

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

describe('tracking shutting down under load', () => {
  it('closes with 1001 a socket whose handshake was still being checked when the stop began, so the stop can end', async () => {
    const live = await startTracking([{}]);
    const [instance] = live.instances;
    const from = newClientAddress();
    try {
      // The handshake's connection limit takes its place under this client's lock: holding the lock keeps the
      // handshake in its checks, as a slow session check does under load.
      await live.db.connection().execute(async (held) => {
        await sql`select pg_advisory_lock(hashtext('connection_leases'), hashtext(${from}))`.execute(held);
        const late = connect(instance!.address, { from });
        const waiting = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(live.db)).rows[0]!.n;
        await expect.poll(waiting, { timeout: 20_000 }).toBe(1);

        startDraining(instance!.app);
        const stopping = instance!.app.close();
        await sql`select pg_advisory_unlock(hashtext('connection_leases'), hashtext(${from}))`.execute(held);
        const socket = await late;
        expect(await socket.closed).toEqual({ code: goingAway, reason: 'server shutting down' });
        await stopping;
      });
    } finally {
      await live.close();
    }
  });

  it('cuts a socket that does not answer the close within the handshake bound, well before ws would (30 s)', async () => {
    const live = await startTracking([{}]);
    const [instance] = live.instances;
    try {
      const silent = await connect(instance!.address);
      // The client stops reading: it never sees the server's close, so never answers it.
      (silent.socket as unknown as { _socket: Socket })._socket.pause();
      const stopped = instance!.app.close().then(() => 'stopped' as const);
      const wsDefault = new Promise<'ws default'>((resolve) => setTimeout(() => resolve('ws default'), 25_000).unref());
      expect(closeHandshakeMs).toBeLessThan(25_000);
      expect(await Promise.race([stopped, wsDefault])).toBe('stopped');
    } finally {
      await live.close();
    }
  }, 40_000);
});
