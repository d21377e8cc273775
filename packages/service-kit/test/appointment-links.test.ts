import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAccessHeader, appointmentLinkGraceMs, appointmentPageMessages, invoiceAccessHeader, sessionCookieName, type AppointmentLinkScope } from '@repo/contracts';
import {
  appointmentLinkExpired,
  appointmentLinkExpiry,
  appointmentLinkOf,
  appointmentLinkReader,
  baseEnvSchema,
  checkAppointmentLink,
  createService,
  DomainError,
  generateKeyPair,
  linkTokenOf,
  loadEnv,
  MemorySessionStore,
  SessionCheckUnavailableError,
  tokenSigner,
  type ServiceApp,
  type SessionStore,
} from '../src/index.ts';
import { signTestSession, testKeyEnv, testSigningKeys } from '../src/test-service.ts';

const linkKeys = testSigningKeys.link;
const sign = tokenSigner(linkKeys.privateKey);
const read = appointmentLinkReader(linkKeys.publicKey);

// The slot of appointment 7 ends at 15:00 UTC on 25 November 2026; its links work for one more day.
const slotEndsAt = new Date('2026-11-25T15:00:00Z');
const exp = Math.floor(appointmentLinkExpiry(slotEndsAt).getTime() / 1000);
const linkClaims = (overrides: Record<string, unknown> = {}) => ({ typ: 'appointment-link', sub: 'appointment:7', appointmentId: 7, scope: 'manage', iat: exp - 3600, exp, ...overrides });
const link = (overrides: Record<string, unknown> = {}) => sign(linkClaims(overrides));

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('reading a link token', () => {
  it('gives the claims of a link booking signed', () => {
    expect(read(link())).toEqual({ typ: 'appointment-link', sub: 'appointment:7', appointmentId: 7, scope: 'manage', exp });
    expect(read(link({ scope: 'track' }))?.scope).toBe('track');
  });

  it("reads a link whatever its own exp: expiry is judged against the appointment's current slot", () => {
    expect(read(link({ iat: 1, exp: 2 }))?.appointmentId).toBe(7);
  });

  it('refuses a link signed with another key, however well formed', () => {
    expect(read(tokenSigner(generateKeyPair().privateKey)(linkClaims()))).toBeUndefined();
  });

  it("refuses a session token, signed with accounts' key or even with the link key", () => {
    expect(read(signTestSession({ sub: 'customer:1', role: 'customer', customerId: 1, sid: 's' }))).toBeUndefined();
    expect(read(sign({ sub: 'customer:1', role: 'customer', customerId: 1, sid: 's', exp }))).toBeUndefined();
  });

  it('refuses claims that are not a link: another typ, a scope it does not know, a bad or missing appointment id', () => {
    expect(read(link({ typ: 'JWT' }))).toBeUndefined();
    expect(read(link({ scope: 'admin' }))).toBeUndefined();
    expect(read(link({ appointmentId: 0 }))).toBeUndefined();
    expect(read(link({ appointmentId: '7' }))).toBeUndefined();
    expect(read(link({ appointmentId: undefined }))).toBeUndefined();
    expect(read(link({ exp: undefined }))).toBeUndefined();
  });

  it('refuses an altered payload, an unsigned token, HMAC over the public key and garbage', () => {
    const [header, , signature] = link().split('.') as [string, string, string];
    expect(read(`${header}.${b64(linkClaims({ appointmentId: 8 }))}.${signature}`)).toBeUndefined();
    expect(read(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(linkClaims())}.`)).toBeUndefined();
    const hsInput = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(linkClaims())}`;
    expect(read(`${hsInput}.${createHmac('sha256', linkKeys.publicKey).update(hsInput).digest('base64url')}`)).toBeUndefined();
    const critical = `${b64({ alg: 'EdDSA', crit: ['exp'] })}.${b64(linkClaims())}`;
    expect(read(`${critical}.${signature}`)).toBeUndefined();
    for (const garbage of ['', 'a.b', 'a.b.c.d', '...', `${header}.${signature}`, 'not a token', '%%.%%.%%']) expect(read(garbage)).toBeUndefined();
  });
});

describe('when links lapse', () => {
  it('a day after the slot ends, to the millisecond', () => {
    expect(appointmentLinkExpiry(slotEndsAt).getTime()).toBe(slotEndsAt.getTime() + appointmentLinkGraceMs);
    expect(appointmentLinkExpired(slotEndsAt, new Date(slotEndsAt.getTime() + appointmentLinkGraceMs - 1))).toBe(false);
    expect(appointmentLinkExpired(slotEndsAt, new Date(slotEndsAt.getTime() + appointmentLinkGraceMs))).toBe(true);
  });
});

/** The refusal `checkAppointmentLink` throws, as status and message; 'open' when the link opens the appointment. */
function verdict(token: string, target: { appointmentId?: number; slotEndsAt?: Date | undefined; now?: Date; scopes?: AppointmentLinkScope[] } = {}) {
  try {
    checkAppointmentLink(read, token, { appointmentId: 7, slotEndsAt, now: new Date('2026-11-24T12:00:00Z'), notFoundMessage: 'not here', ...target });
    return 'open';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return `${err.statusCode} ${err.message}`;
  }
}

describe('judging a link against the appointment it is shown for', () => {
  const expired = `401 ${appointmentPageMessages.linkExpired}`;

  it('opens its own appointment, in any scope the call takes, and gives the claims', () => {
    expect(verdict(link())).toBe('open');
    expect(verdict(link({ scope: 'track' }))).toBe('open');
    expect(checkAppointmentLink(read, link(), { appointmentId: 7, slotEndsAt, now: slotEndsAt, notFoundMessage: 'x' }).scope).toBe('manage');
  });

  it('answers a forged, malformed or session token with 401 asking to sign in or call', () => {
    expect(verdict(tokenSigner(generateKeyPair().privateKey)(linkClaims()))).toBe(expired);
    expect(verdict('garbage')).toBe(expired);
    expect(verdict(signTestSession({ sub: 'staff:1', role: 'staff', sid: 's' }))).toBe(expired);
  });

  it('answers a link to another appointment exactly as a missing appointment (404 with the caller\'s message)', () => {
    expect(verdict(link(), { appointmentId: 8 })).toBe('404 not here');
    expect(verdict(link(), { slotEndsAt: undefined })).toBe('404 not here');
    // Another appointment's link is a 404 even when it is of the wrong scope or lapsed: it tells nothing about this one.
    expect(verdict(link({ scope: 'track' }), { appointmentId: 8, scopes: ['manage'] })).toBe('404 not here');
  });

  it('refuses a scope the call does not take with 403', () => {
    expect(verdict(link({ scope: 'track' }), { scopes: ['manage'] })).toBe(`403 ${appointmentPageMessages.trackOnly}`);
    expect(verdict(link(), { scopes: ['manage'] })).toBe('open');
  });

  it("lapses a day after the appointment's current slot ends, not at the token's own exp (a reschedule moves it)", () => {
    const lapse = slotEndsAt.getTime() + appointmentLinkGraceMs;
    expect(verdict(link(), { now: new Date(lapse - 1) })).toBe('open');
    expect(verdict(link(), { now: new Date(lapse) })).toBe(expired);
    // Rescheduled a week later: the same token, past its exp, still opens it until a day after the new slot.
    const movedSlot = new Date(slotEndsAt.getTime() + 7 * 86_400_000);
    expect(verdict(link(), { slotEndsAt: movedSlot, now: new Date(lapse + 86_400_000) })).toBe('open');
    // Moved earlier: the link lapses with the new slot, before its exp.
    expect(verdict(link(), { slotEndsAt: new Date(slotEndsAt.getTime() - 2 * 86_400_000), now: new Date(lapse - 86_400_000) })).toBe(expired);
  });
});

/** A session store whose answers the test decides: active sessions, or none at all (accounts unreachable). */
class SwitchableStore implements SessionStore {
  readonly memory = new MemorySessionStore();
  down = false;
  async activeSessions(sids: readonly string[]): Promise<ReadonlySet<string>> {
    if (this.down) throw new SessionCheckUnavailableError('accounts unreachable');
    return this.memory.activeSessions(sids);
  }
}

describe('the session-or-link check of a route', () => {
  const store = new SwitchableStore();
  let app: ServiceApp;

  beforeAll(async () => {
    const env = loadEnv('booking', baseEnvSchema(0), { ...testKeyEnv, LOG_LEVEL: 'silent' });
    app = await createService({ name: 'booking', env, ready: async () => undefined, sessions: store });
    const answer = async (request: Parameters<typeof appointmentLinkOf>[0]) => ({ role: request.session?.role ?? null, link: appointmentLinkOf(request) ?? null });
    app.get('/mine', { onRequest: app.sessionOrLink(['customer'], { wrongRole: 'Only customers here.' }), schema: { summary: 'mine' } }, answer);
    app.post('/mine', { onRequest: app.sessionOrLink(['customer']) }, answer);
    app.get('/anyone', { onRequest: app.sessionOrLink(['customer', 'staff', 'admin', 'technician']) }, answer);
    app.get('/invoice', { onRequest: app.sessionOrLink(['customer'], { link: 'invoiceLink' }), schema: { summary: 'invoice' } }, async (request) => ({
      role: request.session?.role ?? null,
      link: linkTokenOf(request, 'invoiceLink') ?? null,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const session = (role: 'customer' | 'staff', { active = true } = {}) => {
    const sid = store.memory.open();
    if (!active) store.memory.end(sid);
    const token = signTestSession(role === 'customer' ? { sub: 'customer:1', role, customerId: 1, sid } : { sub: 'staff:1', role, sid });
    return token;
  };
  const call = (url: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET') => app.inject({ method, url, headers });
  const withLink = { [appointmentAccessHeader]: 'any-link-token' };

  it('without a link: 401 without a session, 401 for an ended one, 403 with the given message for another role', async () => {
    expect((await call('/mine', {})).statusCode).toBe(401);
    expect((await call('/mine', { authorization: `Bearer ${session('customer', { active: false })}` })).statusCode).toBe(401);
    const staff = await call('/mine', { authorization: `Bearer ${session('staff')}` });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.message).toBe('Only customers here.');
    expect((await call('/mine', { authorization: `Bearer ${session('customer')}` })).json()).toEqual({ role: 'customer', link: null });
    expect((await call('/anyone', { authorization: `Bearer ${session('staff')}` })).json()).toEqual({ role: 'staff', link: null });
  });

  it('with a link: lets an anonymous caller through to the route, which judges the link', async () => {
    expect((await call('/mine', withLink)).json()).toEqual({ role: null, link: 'any-link-token' });
  });

  it('with a link: keeps a valid session of any role beside it, for the route to weigh', async () => {
    expect((await call('/mine', { ...withLink, authorization: `Bearer ${session('customer')}` })).json()).toEqual({ role: 'customer', link: 'any-link-token' });
    expect((await call('/mine', { ...withLink, authorization: `Bearer ${session('staff')}` })).json()).toEqual({ role: 'staff', link: 'any-link-token' });
  });

  it('with a link: ignores a stale session beside it (ended, forged, expired; cookie or bearer) instead of refusing', async () => {
    const stale: Record<string, string>[] = [
      { cookie: `${sessionCookieName}=${session('customer', { active: false })}` },
      { authorization: `Bearer ${session('customer', { active: false })}` },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${signTestSession({ sub: 'customer:1', role: 'customer', customerId: 1, sid: store.memory.open() }, -60)}` },
    ];
    for (const headers of stale) expect((await call('/mine', { ...withLink, ...headers })).json()).toEqual({ role: null, link: 'any-link-token' });
  });

  it('with a link: carries on when the session cannot be checked (503 without a link)', async () => {
    const token = session('customer');
    store.down = true;
    try {
      expect((await call('/mine', { authorization: `Bearer ${token}` })).statusCode).toBe(503);
      expect((await call('/mine', { ...withLink, authorization: `Bearer ${token}` })).json()).toEqual({ role: null, link: 'any-link-token' });
    } finally {
      store.down = false;
    }
  });

  it('keeps the cross-site guard: a cookie-authenticated change from a foreign origin is refused even with a link', async () => {
    const response = await call('/mine', { ...withLink, cookie: `${sessionCookieName}=${session('customer')}`, origin: 'https://evil.example' }, 'POST');
    expect(response.statusCode).toBe(403);
  });

  it('takes the link named: an invoice link is its own header, and an appointment link does not open its routes', async () => {
    expect((await call('/invoice', { [invoiceAccessHeader]: 'an-invoice-key' })).json()).toEqual({ role: null, link: 'an-invoice-key' });
    expect((await call('/invoice', withLink)).statusCode).toBe(401);
    expect((await call('/mine', { [invoiceAccessHeader]: 'an-invoice-key' })).statusCode).toBe(401);
    const document = (await app.inject({ method: 'GET', url: '/openapi.json', headers: { authorization: `Bearer ${session('staff')}` } })).json();
    expect(document.paths?.['/invoice']?.get?.security).toContainEqual({ invoiceLink: [] });
    expect(document.components?.securitySchemes?.invoiceLink).toMatchObject({ type: 'apiKey', in: 'header', name: invoiceAccessHeader });
  });

  it('documents the route as open to a session of its roles or an appointment link', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json', headers: { authorization: `Bearer ${session('staff')}` } })).json();
    const security = document.paths?.['/mine']?.get?.security as Record<string, string[]>[] | undefined;
    expect(security).toContainEqual({ appointmentLink: [] });
    expect(security?.some((way) => Object.keys(way).some((scheme) => scheme !== 'appointmentLink'))).toBe(true);
  });
});
