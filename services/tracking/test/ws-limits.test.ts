import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wsLimits, wsMessages } from '@repo/contracts';
import { closeClients, connect, eventuallyConnect, newClientAddress, startTracking, type LiveTracking } from './ws-helpers.ts';

let tracking: LiveTracking;
let address: string;
/** An instance that pings every 300 ms, for the heartbeat. */
let quick: string;
let staff: string;

beforeAll(async () => {
  tracking = await startTracking([{}, { WS_HEARTBEAT_MS: '300' }]);
  [address, quick] = tracking.instances.map((instance) => instance.address) as [string, string];
  staff = tracking.bearer({ sub: 'staff:1', role: 'staff' });
});
afterEach(closeClients);
afterAll(async () => {
  await tracking?.close();
});

describe('/ws refuses what it cannot use and keeps going', () => {
  it('answers malformed messages with an error and keeps the socket working', async () => {
    const socket = await connect(address, { headers: { authorization: staff } });
    const bad: (string | object | Buffer)[] = [
      '{not json',
      '',
      'null',
      '[]',
      '"subscribe"',
      { type: 'follow', appointmentId: '1' },
      { type: 'subscribe' },
      { type: 'subscribe', appointmentId: 42 },
      { type: 'subscribe', appointmentId: '' },
      { type: 'subscribe', appointmentId: 'x'.repeat(65) },
      { type: 'unsubscribe' },
      Buffer.from(JSON.stringify({ type: 'subscribe_all' })),
    ];
    for (const message of bad) socket.send(message, { binary: Buffer.isBuffer(message) });
    expect(await socket.subscribe('42')).toEqual({ type: 'subscribed', appointmentId: '42' });
    // One error per bad message, in order, before the answer to the good one.
    expect(socket.messages).toEqual([...bad.map(() => ({ type: 'error', message: wsMessages.malformed })), { type: 'subscribed', appointmentId: '42' }]);
  });

  it(`closes a socket that sends a message over ${wsLimits.maxMessageBytes} bytes with 1009, and takes one of exactly that size`, async () => {
    const socket = await connect(address);
    const padded = (bytes: number) => {
      const base = JSON.stringify({ type: 'subscribe', appointmentId: '42', access: '' });
      return JSON.stringify({ type: 'subscribe', appointmentId: '42', access: 'a'.repeat(bytes - base.length) });
    };
    socket.send(padded(wsLimits.maxMessageBytes));
    // Too long an access token for the contract (2048 characters at most): a malformed message, not a closed socket.
    await socket.waitFor({ type: 'error', message: wsMessages.malformed });
    socket.send(padded(wsLimits.maxMessageBytes + 1));
    expect(await socket.closed).toMatchObject({ code: 1009 });
  });

  it(`refuses more than ${wsLimits.connectionsPerClient} sockets from one client address with 429 and Retry-After, before upgrading`, async () => {
    const from = newClientAddress();
    const sockets = await Promise.all(Array.from({ length: wsLimits.connectionsPerClient }, () => connect(address, { from })));
    await expect(connect(address, { from })).rejects.toMatchObject({
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: wsMessages.tooManyConnections } },
      headers: { 'retry-after': String(wsLimits.retryAfterSeconds) },
    });
    // Other clients are not affected, and a closed socket frees its place.
    await connect(address);
    await sockets[0]!.close();
    const again = await eventuallyConnect(address, { from });
    expect(await again.subscribe('42')).toMatchObject({ type: 'error', message: wsMessages.notAllowed });
  });

  it('counts the sockets a client holds on every tracking instance against one cap', async () => {
    const from = newClientAddress();
    const half = Math.ceil(wsLimits.connectionsPerClient / 2);
    const sockets = await Promise.all(Array.from({ length: wsLimits.connectionsPerClient }, (_, i) => connect(i < half ? address : quick, { from })));
    for (const instance of [address, quick]) {
      await expect(connect(instance, { from })).rejects.toMatchObject({
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: wsMessages.tooManyConnections } },
        headers: { 'retry-after': String(wsLimits.retryAfterSeconds) },
      });
    }
    // A socket closed on one instance frees a place on the other.
    await sockets[0]!.close();
    await eventuallyConnect(quick, { from });
    await expect(connect(address, { from })).rejects.toMatchObject({ status: 429 });
  });

  it('counts the upgrades refused by the session check as closed, not open', async () => {
    const from = newClientAddress();
    for (let i = 0; i <= wsLimits.connectionsPerClient; i += 1) {
      await expect(connect(address, { from, headers: { authorization: 'Bearer nonsense' } })).rejects.toMatchObject({ status: 401 });
    }
    await eventuallyConnect(address, { from });
  });

  it('drops a socket that stops answering pings, and keeps those that answer', async () => {
    const alive = await connect(quick);
    const dead = await connect(quick, { autoPong: false });
    // The dead socket is dropped two pings after it stopped answering (no close frame: the connection is cut).
    expect(await dead.closed).toMatchObject({ code: 1006 });
    // The live one, connected earlier, saw the same pings and is still served.
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
    alive.send('nonsense');
    await alive.waitFor({ type: 'error' });
  });
});
