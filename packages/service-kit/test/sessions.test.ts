import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages, sessionCheckPath, sessionCheckTopic, sessionCookieName } from '@repo/contracts';
import {
  baseEnvSchema,
  createService,
  HttpSessionStore,
  loadEnv,
  MemorySessionStore,
  newSessionId,
  SessionCheckUnavailableError,
  verifySignedRequest,
  type BaseEnv,
  type ServiceApp,
  type SessionStore,
} from '../src/index.ts';
import type { ServiceDefinition } from '../src/service-main.ts';
import { createTestService, signTestSession, testKeyEnv } from '../src/test-service.ts';

const key = 'booking-key-that-is-long-enough-for-hmac-0001';

/**
 * Accounts' side of the session check, as the contract gives it: signed questions only, the active subset back. Only
 * the kit is under test here; the real accounts answers it in services/accounts and services/tracking/test/ws-session.
 */
type Peer = { url: string; active: Set<string>; questions: string[][]; close: () => Promise<void> };

async function startPeer(): Promise<Peer> {
  const app: FastifyInstance = Fastify();
  const peer: Peer = { url: '', active: new Set(), questions: [], close: () => app.close() };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post(sessionCheckPath, async (request, reply) => {
    const body = String(request.body);
    if (!verifySignedRequest(request, { trusted: { booking: key }, topic: sessionCheckTopic, body })) return reply.code(401).send({ error: { code: 'UNAUTHORIZED', message: 'not signed' } });
    const { sids } = JSON.parse(body) as { sids: string[] };
    peer.questions.push(sids);
    return { active: sids.filter((sid) => peer.active.has(sid)) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  peer.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return peer;
}

/** A port where nothing listens: a peer that was started and stopped. */
async function closedPort(): Promise<number> {
  const app = Fastify();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await app.close();
  return port;
}

async function serviceWith(env: Record<string, string>, sessions?: SessionStore): Promise<ServiceApp> {
  const parsed = loadEnv('booking', baseEnvSchema(0), { ...testKeyEnv, LOG_LEVEL: 'silent', ...env });
  const app = await createService({ name: 'booking', env: parsed, ready: async () => undefined, sessions });
  app.get('/mine', { onRequest: app.authenticate }, async (request) => ({ sub: request.session?.sub }));
  app.get('/public', { onRequest: app.optionalSession }, async (request) => ({ signedIn: request.session !== null }));
  app.post('/presented', async (request) => app.sessions.presented(request).map((claims) => claims.sid));
  await app.ready();
  return app;
}

const bearer = (sid: string) => ({ authorization: `Bearer ${signTestSession({ sub: 'customer:1', role: 'customer', customerId: 1, sid })}` });

let peer: Peer;
const apps: ServiceApp[] = [];
beforeAll(async () => {
  peer = await startPeer();
});
afterEach(() => {
  peer.active.clear();
  peer.questions.length = 0;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await peer?.close();
});

describe('the HTTP session store', () => {
  it('asks accounts once for concurrent checks and reuses each answer for at most a second', async () => {
    let now = 1_000_000;
    const store = new HttpSessionStore({ service: 'booking', key, accountsUrl: peer.url, clock: () => now });
    const [a, b, c] = [newSessionId(), newSessionId(), newSessionId()];
    peer.active.add(a).add(b);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => store.activeSessions([a])),
      ...Array.from({ length: 10 }, () => store.activeSessions([b, c])),
    ]);
    expect(peer.questions).toEqual([[a, b, c]]);
    expect(answers.slice(0, 10).map((active) => [...active])).toEqual(Array.from({ length: 10 }, () => [a]));
    expect(answers.slice(10).map((active) => [...active])).toEqual(Array.from({ length: 10 }, () => [b]));

    peer.active.delete(a);
    now += 999;
    expect([...(await store.activeSessions([a]))]).toEqual([a]);
    expect(peer.questions).toHaveLength(1);
    now += 1;
    expect([...(await store.activeSessions([a, b]))]).toEqual([b]);
    expect(peer.questions).toEqual([[a, b, c], [a, b]]);
    expect([...(await store.activeSessions([b], { fresh: true }))]).toEqual([b]);
    expect(peer.questions).toHaveLength(3);
  });

  it('never keeps an answer longer than a second, whatever it is told', async () => {
    let now = 0;
    const store = new HttpSessionStore({ service: 'booking', key, accountsUrl: peer.url, cacheMs: 60_000, clock: () => now });
    const sid = newSessionId();
    await store.activeSessions([sid]);
    now += 1000;
    await store.activeSessions([sid]);
    expect(peer.questions).toEqual([[sid], [sid]]);
  });

  it('splits a large batch into questions of at most 500 sessions', async () => {
    const store = new HttpSessionStore({ service: 'booking', key, accountsUrl: peer.url });
    const sids = Array.from({ length: 1200 }, () => newSessionId());
    for (const sid of sids.slice(0, 600)) peer.active.add(sid);
    const active = await store.activeSessions(sids);
    expect(peer.questions.map((question) => question.length)).toEqual([500, 500, 200]);
    expect(active.size).toBe(600);
  });

  it('cannot answer when accounts refuses its signature or cannot be reached', async () => {
    const wrongKey = new HttpSessionStore({ service: 'booking', key: 'some-other-key-that-accounts-does-not-trust', accountsUrl: peer.url });
    await expect(wrongKey.activeSessions([newSessionId()])).rejects.toThrow(SessionCheckUnavailableError);
    await expect(wrongKey.activeSessions([newSessionId()])).rejects.toThrow(/answered the session check with 401/);
    const unreachable = new HttpSessionStore({ service: 'booking', key, accountsUrl: `http://127.0.0.1:${await closedPort()}` });
    await expect(unreachable.activeSessions([newSessionId()])).rejects.toThrow(/accounts could not be asked about sessions/);
    expect(peer.questions).toEqual([]);
  });
});

describe('session verification in a service', () => {
  it('admits an active session and refuses an ended one within about a second', async () => {
    const app = await serviceWith({ SERVICE_KEY: key, PEER_URLS: `accounts=${peer.url}` });
    apps.push(app);
    const sid = newSessionId();
    peer.active.add(sid);
    const mine = () => app.inject({ method: 'GET', url: '/mine', headers: bearer(sid) });
    expect((await mine()).json()).toEqual({ sub: 'customer:1' });
    peer.active.delete(sid);
    // How long an answer may be reused is proven with a clock above; here only that the end arrives.
    await expect.poll(async () => (await mine()).statusCode, { timeout: 15_000, interval: 50 }).toBe(401);
    expect((await mine()).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.sessionEnded } });
  });

  it('reads a cookie whose session ended as a visitor on open calls, but refuses such a bearer token', async () => {
    const sessions = new MemorySessionStore();
    const app = await serviceWith({}, sessions);
    apps.push(app);
    const sid = sessions.open();
    const token = signTestSession({ sub: 'customer:1', role: 'customer', customerId: 1, sid });
    const byCookie = () => app.inject({ method: 'GET', url: '/public', cookies: { [sessionCookieName]: token } });
    expect((await byCookie()).json()).toEqual({ signedIn: true });
    sessions.end(sid);
    expect((await byCookie()).json()).toEqual({ signedIn: false });
    expect((await app.inject({ method: 'GET', url: '/public', cookies: { [sessionCookieName]: 'not-a-token' } })).json()).toEqual({ signedIn: false });
    const byBearer = await app.inject({ method: 'GET', url: '/public', headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/mine', cookies: { [sessionCookieName]: token } })).statusCode).toBe(401);
  });

  it('fails closed with 503 when accounts cannot answer, and anonymous calls carry on', async () => {
    const unreachable = await serviceWith({ SERVICE_KEY: key, PEER_URLS: `accounts=http://127.0.0.1:${await closedPort()}` });
    const unconfigured = await serviceWith({});
    apps.push(unreachable, unconfigured);
    for (const app of [unreachable, unconfigured]) {
      const sid = newSessionId();
      for (const url of ['/mine', '/public']) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(sid) });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: authMessages.sessionCheckUnavailable } });
      }
      expect((await app.inject({ method: 'GET', url: '/public' })).json()).toEqual({ signedIn: false });
      expect((await app.inject({ method: 'GET', url: '/mine' })).statusCode).toBe(401);
    }
  });

  it('refuses a token without a session id, and lists the sessions a request carries', async () => {
    const sessions = new MemorySessionStore();
    const app = await serviceWith({}, sessions);
    apps.push(app);
    const withoutSid = signTestSession({ sub: 'customer:1', role: 'customer', customerId: 1 } as never);
    const refused = await app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${withoutSid}` } });
    expect(refused.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });

    const [byHeader, byCookie] = [sessions.open(), sessions.open()];
    const presented = await app.inject({
      method: 'POST',
      url: '/presented',
      headers: bearer(byHeader),
      cookies: { [sessionCookieName]: signTestSession({ sub: 'customer:1', role: 'customer', sid: byCookie }) },
    });
    expect(presented.json()).toEqual([byHeader, byCookie]);
    sessions.end(byHeader);
    const ended = await app.inject({ method: 'POST', url: '/presented', headers: bearer(byHeader), cookies: { [sessionCookieName]: 'not-a-token' } });
    expect(ended.json()).toEqual([byHeader]);
  });
});

describe('watching sessions', () => {
  it('tells a watcher within about a second that its session ended, in one batched check per sweep', async () => {
    const app = await serviceWith({ SERVICE_KEY: key, PEER_URLS: `accounts=${peer.url}` });
    apps.push(app);
    const [ending, staying, unwatched] = [newSessionId(), newSessionId(), newSessionId()];
    peer.active.add(ending).add(staying).add(unwatched);
    const ended: string[] = [];
    app.sessions.watch(ending, () => ended.push('ending'));
    app.sessions.watch(staying, () => ended.push('staying'));
    const stop = app.sessions.watch(unwatched, () => ended.push('unwatched'));
    stop();
    await expect.poll(() => peer.questions.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(peer.questions[0]).toEqual([ending, staying]);

    peer.active.delete(ending);
    peer.active.delete(unwatched);
    await vi.waitFor(() => expect(ended).toEqual(['ending']), { timeout: 15_000, interval: 20 });
    const asked = peer.questions.length;
    await expect.poll(() => peer.questions.length, { timeout: 15_000 }).toBeGreaterThan(asked);
    expect(peer.questions.at(-1)).toEqual([staying]);
    expect(ended).toEqual(['ending']);
  });
});

describe('test services', () => {
  const definition: ServiceDefinition<BaseEnv, Record<string, never>> = {
    name: 'payments',
    envSchema: baseEnvSchema(0),
    migrations: {},
    build: async (env, database, runtime) => {
      const app = await createService({ name: 'payments', env, runtime, ready: database.ping });
      app.get('/staff', { onRequest: app.requireRole('staff') }, async (request) => ({ sub: request.session?.sub, sid: request.session?.sid }));
      return app;
    },
  };

  it('make up an active session for claims without one, and end one on request', async () => {
    const service = await createTestService(definition);
    try {
      const made = await service.app.inject({ method: 'GET', url: '/staff', headers: { authorization: service.bearer({ sub: 'staff:1', role: 'staff' }) } });
      expect(made.json()).toEqual({ sub: 'staff:1', sid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      const sid = newSessionId();
      const authorization = service.bearer({ sub: 'staff:2', role: 'staff', sid });
      expect((await service.app.inject({ method: 'GET', url: '/staff', headers: { authorization } })).json()).toEqual({ sub: 'staff:2', sid });
      service.endSession(sid);
      const ended = await service.app.inject({ method: 'GET', url: '/staff', headers: { authorization } });
      expect(ended.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.sessionEnded } });
      // Any other session is checked where production would check it: accounts, unreachable in a test, so 503.
      const stranger = signTestSession({ sub: 'staff:3', role: 'staff', sid: newSessionId() });
      expect((await service.app.inject({ method: 'GET', url: '/staff', headers: { authorization: `Bearer ${stranger}` } })).statusCode).toBe(503);
    } finally {
      await service.close();
    }
  });
});
