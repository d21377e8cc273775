import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, wsMessages } from '@repo/contracts';
import { wsOriginRefused } from '../src/routes/ws.ts';
import { closeClients, connect, eventuallyConnect, newClientAddress, startTracking, type LiveTracking } from './ws-helpers.ts';

const appOrigins = ['https://example.com', 'https://portal.example.com', 'https://backoffice.example.com'];
const cap = 3;
let tracking: LiveTracking;
let address: string;

beforeAll(async () => {
  tracking = await startTracking([{ ALLOWED_ORIGINS: appOrigins.join(', '), WS_MAX_CONNECTIONS_PER_CLIENT: String(cap) }]);
  address = tracking.instances[0]!.address;
});
afterEach(closeClients);
afterAll(async () => {
  await tracking?.close();
});

describe('which pages may open /ws', () => {
  it.each(appOrigins)('lets a page on %s connect', async (origin) => {
    const socket = await connect(address, { headers: { origin } });
    expect(await socket.subscribe('42')).toMatchObject({ type: 'error', message: wsMessages.notAllowed });
  });

  it('lets a program without Origin connect (no browser sends its visitor’s cookies that way)', async () => {
    const socket = await connect(address, { headers: { authorization: tracking.bearer({ sub: 'staff:1', role: 'staff' }) } });
    expect(await socket.subscribe('42')).toEqual({ type: 'subscribed', appointmentId: '42' });
  });

  // The service's own address, a look-alike, another scheme or port, and the opaque origin of sandboxed frames.
  it.each(['http://127.0.0.1', 'https://evil.example', 'https://example.com.evil.example', 'http://example.com', 'https://example.com:8443', 'null'])(
    'refuses a page on %s with 403 before upgrading, even with a valid session',
    async (origin) => {
      const staff = tracking.bearer({ sub: 'staff:1', role: 'staff' });
      await expect(connect(address, { headers: { origin, authorization: staff } })).rejects.toMatchObject({
        status: 403,
        body: { error: { code: errorCodes.forbidden, message: wsOriginRefused } },
      });
    },
  );

  it(`holds a client to the configured ${cap} sockets, and refused origins take none of them`, async () => {
    const from = newClientAddress();
    for (let i = 0; i < cap + 2; i += 1) {
      await expect(connect(address, { from, headers: { origin: 'https://evil.example' } })).rejects.toMatchObject({ status: 403 });
    }
    const sockets = await Promise.all(Array.from({ length: cap }, () => connect(address, { from, headers: { origin: appOrigins[1]! } })));
    await expect(connect(address, { from, headers: { origin: appOrigins[1]! } })).rejects.toMatchObject({
      status: 429,
      body: { error: { code: errorCodes.rateLimited, message: wsMessages.tooManyConnections } },
    });
    await sockets[0]!.close();
    await eventuallyConnect(address, { from, headers: { origin: appOrigins[1]! } });
  });
});
