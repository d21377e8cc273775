import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { authMessages, backOfficeLogoutPath, confirmEmailPath, registrationRequestedTopic, sessionCookieName, wsMessages, type RegistrationRequested } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import { publishedEffects } from '@repo/service-kit/testing';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
// A real accounts service: tracking asks it over HTTP whether sessions are active, as in production.
import type { AccountsDatabase } from '@repo/accounts/db/schema';
import { accountsService } from '@repo/accounts/definition';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';

const admin = { email: 'dispatch@example.com', password: 'a-long-admin-password' };
const portalOrigin = 'http://localhost:8081';
let accounts: TestService<AccountsDatabase>;
let tracking: TestService<TrackingDatabase>;
let accountsUrl: string;
let trackingUrl: string;

const listen = async (app: ServiceApp) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  accounts = await createTestService(accountsService, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOGIN_RATE_LIMIT_MAX: '1000', REGISTRATION_CLIENT_MAX: '1000' });
  accountsUrl = `http://${await listen(accounts.app)}`;
  // Booking's address leads nowhere: tracking's effects for it wait in its outbox.
  tracking = await createTestService(trackingService, { PEER_URLS: `accounts=${accountsUrl},booking=http://127.0.0.1:9,notifications=http://127.0.0.1:9`, SEED_DEMO: 'true' });
  trackingUrl = await listen(tracking.app);
});
afterAll(async () => {
  await tracking?.close();
  await accounts?.close();
});

const post = (url: string, body: object | undefined, headers: Record<string, string> = {}) =>
  fetch(`${accountsUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body ?? {}) });

async function staffToken(): Promise<string> {
  const response = await post('/api/admin/login', admin);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function customerCookie(): Promise<string> {
  const email = `rider-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'kettle-harbor-42';
  const registered = await post('/api/auth/register', { firstName: 'Ada', lastName: 'Ray', email, phone: '(904) 555-0100', password, confirmPassword: password });
  expect(registered.status).toBe(202);
  // The emailed link's token, as accounts published it for notifications; confirming it with the password signs the
  // customer in.
  const proof = (await publishedEffects<RegistrationRequested>(accounts.database, registrationRequestedTopic)).find((effect) => effect.email === email);
  const confirmed = await post(confirmEmailPath, { token: proof?.purpose === 'email-proof' ? proof.token : '', password });
  expect(confirmed.status).toBe(200);
  const cookie = confirmed.headers.getSetCookie().find((value) => value.startsWith(`${sessionCookieName}=`));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const trackingGet = (path: string, headers: Record<string, string>) => fetch(`http://${trackingUrl}${path}`, { headers });

type OpenSocket = { socket: WebSocket; messages: unknown[]; closed: Promise<{ code: number; reason: string }> };

/** Opens a socket and checks it is served: staff follow everything, anyone else gets an answer to a message. */
async function openSocket(headers: Record<string, string> = {}, { staff = false } = {}): Promise<OpenSocket> {
  const socket = new WebSocket(`ws://${trackingUrl}/ws`, { headers });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe_all' }));
  const answer = staff ? { type: 'subscribed', appointmentId: null } : { type: 'error', message: wsMessages.staffOnly };
  await vi.waitFor(() => expect(messages).toContainEqual(answer));
  return { socket, messages, closed };
}

const closedWithin = (open: OpenSocket, ms: number) =>
  Promise.race([open.closed, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);

describe('sessions across services', () => {
  it('refuses a copied staff token in tracking and closes its socket within about a second of logout', async () => {
    const token = await staffToken();
    const authorization = `Bearer ${token}`;
    expect((await trackingGet('/api/technicians', { authorization })).status).toBe(200);
    const staffSocket = await openSocket({ authorization }, { staff: true });
    const anonymous = await openSocket();

    expect((await post(backOfficeLogoutPath, undefined, { authorization })).status).toBe(200);
    // The sweep runs every second; the generous limit keeps a busy machine from failing the test.
    expect(await closedWithin(staffSocket, 15_000)).toMatchObject({ code: 4401, reason: 'session ended' });
    await expect.poll(async () => (await trackingGet('/api/technicians', { authorization })).status, { timeout: 15_000, interval: 50 }).toBe(401);
    expect(await (await trackingGet('/api/technicians', { authorization })).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.sessionEnded } });

    // Other sockets keep working: a new staff session follows everything and hears the next move; the visitor's
    // socket is still open and answered.
    const freshToken = await staffToken();
    const desk = await openSocket({ authorization: `Bearer ${freshToken}` }, { staff: true });
    const moved = await fetch(`http://${trackingUrl}/api/technicians/tech_mike/location`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${freshToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lat: 29.9, lng: -81.31, address: 'San Marco Ave' }),
    });
    expect(moved.status).toBe(200);
    await vi.waitFor(() => expect(desk.messages).toContainEqual({ type: 'location_update', technicianId: 'tech_mike', appointmentId: null }));
    expect(anonymous.socket.readyState).toBe(WebSocket.OPEN);
    anonymous.socket.send('{}');
    await vi.waitFor(() => expect(anonymous.messages).toContainEqual({ type: 'error', message: wsMessages.malformed }));
    anonymous.socket.close();
    desk.socket.close();
  });

  it('closes a socket opened with a customer cookie when that cookie is logged out; the cookie then counts for nothing', async () => {
    const cookie = await customerCookie();
    expect((await trackingGet('/api/tracking', { cookie })).status).toBe(200);
    const open = await openSocket({ cookie });
    expect((await post('/api/auth/logout', undefined, { cookie, origin: portalOrigin })).status).toBe(200);
    expect(await closedWithin(open, 15_000)).toMatchObject({ code: 4401, reason: 'session ended' });
    await expect.poll(async () => (await trackingGet('/api/tracking', { cookie })).status, { timeout: 15_000, interval: 50 }).toBe(401);
    // A browser keeps sending the ended cookie: the socket is then a visitor's, like one opened without it.
    const asVisitor = await openSocket({ cookie });
    expect(asVisitor.socket.readyState).toBe(WebSocket.OPEN);
    asVisitor.socket.close();
  });

  it('answers signed-in calls with 503 while accounts is unreachable, and anonymous sockets still open', async () => {
    const authorization = `Bearer ${await staffToken()}`;
    await accounts.app.close();
    const response = await trackingGet('/api/technicians', { authorization });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: authMessages.sessionCheckUnavailable } });
    const anonymous = await openSocket();
    anonymous.socket.close();
  });
});
