import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, currentSessionPath, sessionCheckPath, sessionCheckTopic, sessionCookieName } from '@repo/contracts';
import { effectHeaders, signDelivery, signedDeliveryHeaders } from '@repo/service-kit';
import { testServiceKey } from '@repo/service-kit/test-service';
import { admin, bearer, claimsOf, ended, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let service: AccountsTestService;
const clock = testClock();
const { advance } = clock;
const allowedOrigin = 'http://localhost:8081';

beforeAll(async () => {
  service = await startAccounts({ COOKIE_SECURE: 'true', COOKIE_DOMAIN: 'example.com' }, clock);
});
afterAll(async () => {
  await service?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: object; headers?: Record<string, string>; cookie?: string } = {}) =>
  service.app.inject({ method, url, payload: options.payload, headers: options.headers, cookies: options.cookie ? { [sessionCookieName]: options.cookie } : undefined });
/** A new customer with this password; each gets its own email. */
async function newCustomer(password?: string) {
  const { email, password: chosen, customer } = await registerCustomer(service, { password });
  return { email, password: chosen, id: customer.id };
}

async function logIn(email: string, password: string) {
  const response = await inject('POST', '/api/auth/login', { payload: { email, password } });
  expect(response.statusCode).toBe(200);
  const token = response.json().token as string;
  const cookie = response.cookies.find((c) => c.name === sessionCookieName)!;
  expect(cookie.value).toBe(token);
  return { token, cookie };
}


describe('login', () => {
  it('gives a token with a session id that lives the maximum age, and the same in an httpOnly, Lax, Secure cookie', async () => {
    const { email, password, id } = await newCustomer();
    const { token, cookie } = await logIn(email, password);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: `customer:${id}`, role: 'customer', customerId: id, email, sid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30 * 24 * 3600);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/', domain: 'example.com', maxAge: 30 * 24 * 3600 });
    const session = await service.db.selectFrom('sessions').selectAll().where('id', '=', claims.sid as string).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ kind: 'customer', subject_id: id, role: 'customer', created_at: clock.now(), last_seen_at: clock.now(), revoked_at: null });
    const customer = await service.db.selectFrom('customers').select('last_login').where('id', '=', id).executeTakeFirstOrThrow();
    expect(customer.last_login).toEqual(clock.now());
  });

  it('answers GET /api/auth/user with the customer and never a password hash', async () => {
    const { email, password, id } = await newCustomer();
    const { token } = await logIn(email, password);
    const response = await inject('GET', '/api/auth/user', { headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['address', 'createdAt', 'email', 'emailVerified', 'firstName', 'id', 'isAdmin', 'lastLogin', 'lastName', 'phone', 'phoneVerified', 'serviceProCustomerId']);
    expect(response.json()).toMatchObject({ id, email, lastLogin: clock.now().toISOString(), emailVerified: true });
    expect(response.body).not.toMatch(/argon2|password|hash/i);
  });

  it('gives the back office a staff session that lives 24 hours, in its own host-only cookie', async () => {
    const response = await inject('POST', '/api/admin/login', { payload: admin });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([{ name: 'staff_session', value: response.json().token, httpOnly: true, sameSite: 'Lax', secure: true, path: '/', maxAge: 24 * 3600 }]);
    const claims = claimsOf(response.json().token);
    expect(claims).toMatchObject({ role: 'admin', email: admin.email });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * 3600);
    expect(await service.db.selectFrom('sessions').select(['kind', 'role']).where('id', '=', claims.sid as string).executeTakeFirstOrThrow()).toEqual({ kind: 'staff', role: 'admin' });
  });
});

describe('logout', () => {
  it('ends the session so a copied cookie and a copied bearer token stop working, and clears the cookie', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    const other = await logIn(email, password);
    expect((await inject('GET', '/api/auth/user', { cookie: token })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(token) })).statusCode).toBe(200);

    const logout = await inject('POST', '/api/auth/logout', { cookie: token, headers: { origin: allowedOrigin } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out' });
    expect(logout.cookies.find((c) => c.name === sessionCookieName)).toMatchObject({ value: '', path: '/', domain: 'example.com' });

    expect((await inject('GET', '/api/auth/user', { cookie: token })).json()).toEqual(ended);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(token) })).json()).toEqual(ended);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(other.token) })).statusCode).toBe(200);
  });

  it('ends a session logged out by bearer token, and answers 200 again for one already ended or absent', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    expect((await inject('POST', '/api/auth/logout', { headers: bearer(token) })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/user', { cookie: token })).json()).toEqual(ended);
    const again = await inject('POST', '/api/auth/logout', { headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === sessionCookieName)?.value).toBe('');
    expect((await inject('POST', '/api/auth/logout')).json()).toEqual({ message: 'Logged out' });
    expect((await inject('POST', '/api/auth/logout', { headers: bearer('not.a.token') })).statusCode).toBe(200);
  });

  it('keeps cookie-authenticated logout and password change from foreign origins out, and lets bearer clients through', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    const foreign = { origin: 'https://evil.example' };
    const logout = await inject('POST', '/api/auth/logout', { cookie: token, headers: foreign });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().error.code).toBe('FORBIDDEN');
    const change = { currentPassword: password, newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' };
    const changed = await inject('PUT', '/api/auth/password', { cookie: token, headers: foreign, payload: change });
    expect(changed.statusCode).toBe(403);
    expect((await inject('GET', '/api/auth/user', { cookie: token })).statusCode).toBe(200);
    expect((await inject('POST', '/api/auth/login', { payload: { email, password } })).statusCode).toBe(200);

    expect((await inject('POST', '/api/auth/logout', { headers: { ...foreign, ...bearer(token) } })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/user', { cookie: token })).json()).toEqual(ended);
  });
});

describe(`GET ${currentSessionPath}`, () => {
  it('answers a visitor 200 with no customer', async () => {
    const response = await inject('GET', currentSessionPath);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer: null });
  });

  it('answers a signed-in customer, by cookie or bearer, with their account and never a password hash', async () => {
    const { email, password, id } = await newCustomer();
    const { token } = await logIn(email, password);
    for (const response of [await inject('GET', currentSessionPath, { cookie: token }), await inject('GET', currentSessionPath, { headers: bearer(token) })]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ customer: (await inject('GET', '/api/auth/user', { headers: bearer(token) })).json() });
      expect(response.json().customer).toMatchObject({ id, email });
      expect(response.body).not.toMatch(/argon2|password|hash/i);
    }
  });

  it('answers a cookie whose session was logged out as a visitor, but a logged-out bearer token with 401', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    expect((await inject('POST', '/api/auth/logout', { cookie: token, headers: { origin: allowedOrigin } })).statusCode).toBe(200);
    const byCookie = await inject('GET', currentSessionPath, { cookie: token });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual({ customer: null });
    const byBearer = await inject('GET', currentSessionPath, { headers: bearer(token) });
    expect(byBearer.statusCode).toBe(401);
    expect(byBearer.json()).toEqual(ended);
  });

  it('answers a back-office session with no customer', async () => {
    const staff = await inject('POST', '/api/admin/login', { payload: admin });
    expect(staff.statusCode).toBe(200);
    const response = await inject('GET', currentSessionPath, { headers: bearer(staff.json().token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer: null });
  });

  it('refuses a bearer token that is not one of ours with 401', async () => {
    const response = await inject('GET', currentSessionPath, { headers: bearer('abc.def.ghi') });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('expiry', () => {
  it('ends a customer session after 7 idle days, and keeps one in use', async () => {
    const { email, password } = await newCustomer();
    const idle = await logIn(email, password);
    const used = await logIn(email, password);
    advance(6 * DAY);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(used.token) })).statusCode).toBe(200);
    advance(DAY);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(idle.token) })).json()).toEqual(ended);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(used.token) })).statusCode).toBe(200);
  });

  it('ends a customer session 30 days after login however much it is used', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    for (let day = 6; day < 30; day += 6) {
      advance(6 * DAY);
      expect((await inject('GET', '/api/auth/user', { headers: bearer(token) })).statusCode).toBe(200);
    }
    advance(6 * DAY - MINUTE);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(token) })).statusCode).toBe(200);
    advance(MINUTE);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(token) })).json()).toEqual(ended);
  });

  it('ends a staff session after 8 idle hours or 24 hours after login', async () => {
    const adminToken = async () => (await inject('POST', '/api/admin/login', { payload: admin })).json().token as string;
    const customers = (token: string) => inject('GET', '/api/admin/customers', { headers: bearer(token) });
    const idle = await adminToken();
    advance(8 * HOUR - MINUTE);
    expect((await customers(idle)).statusCode).toBe(200);
    advance(8 * HOUR);
    expect((await customers(idle)).json()).toEqual(ended);

    const busy = await adminToken();
    for (let hour = 0; hour < 21; hour += 7) {
      advance(7 * HOUR);
      expect((await customers(busy)).statusCode).toBe(200);
    }
    advance(3 * HOUR);
    expect((await customers(busy)).json()).toEqual(ended);
  });

  it('writes down use at most once a minute per session', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    const sid = claimsOf(token).sid as string;
    const lastSeen = async () => (await service.db.selectFrom('sessions').select('last_seen_at').where('id', '=', sid).executeTakeFirstOrThrow()).last_seen_at;
    const loggedInAt = clock.now();
    advance(59_000);
    await inject('GET', '/api/auth/user', { headers: bearer(token) });
    expect(await lastSeen()).toEqual(loggedInAt);
    advance(2_000);
    await inject('GET', '/api/auth/user', { headers: bearer(token) });
    const touchedAt = clock.now();
    expect(await lastSeen()).toEqual(touchedAt);
    advance(30_000);
    await inject('GET', '/api/auth/user', { headers: bearer(token) });
    expect(await lastSeen()).toEqual(touchedAt);
  });
});

describe('password change', () => {
  const change = (token: string, body: object) => inject('PUT', '/api/auth/password', { headers: bearer(token), payload: body });

  it('ends every other session of the customer, keeps the current one, and takes the new password', async () => {
    const { email, password } = await newCustomer();
    const current = await logIn(email, password);
    const otherDevice = await logIn(email, password);
    const newPassword = 'lantern-meadow-77';
    const response = await change(current.token, { currentPassword: password, newPassword, confirmPassword: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.passwordChanged });
    expect((await inject('GET', '/api/auth/user', { headers: bearer(current.token) })).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/user', { cookie: otherDevice.token })).json()).toEqual(ended);
    expect((await inject('POST', '/api/auth/login', { payload: { email, password } })).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.invalidCredentials } });
    expect((await inject('POST', '/api/auth/login', { payload: { email, password: newPassword } })).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a common or mismatched new one with a message next to the field', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    const other = await logIn(email, password);
    const wrong = await change(token, { currentPassword: 'not-my-password', newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: authMessages.currentPasswordWrong, fields: { currentPassword: authMessages.currentPasswordWrong } } });
    const common = await change(token, { currentPassword: password, newPassword: 'Qwerty123', confirmPassword: 'Qwerty123' });
    expect(common.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: authMessages.commonPassword, fields: { newPassword: authMessages.commonPassword } } });
    const mismatch = await change(token, { currentPassword: password, newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-78' });
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: "Passwords don't match" });
    const empty = await change(token, {});
    expect(empty.json().error.fields).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Password confirmation is required',
    });
    expect((await inject('GET', '/api/auth/user', { headers: bearer(other.token) })).statusCode).toBe(200);
    expect((await inject('POST', '/api/auth/login', { payload: { email, password } })).statusCode).toBe(200);
  });

  it('is for a signed-in customer: 401 before the body is read, 403 for staff', async () => {
    expect((await inject('PUT', '/api/auth/password', { payload: {} })).json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
    const staff = service.bearer({ sub: 'staff:1', role: 'staff' });
    const refused = await inject('PUT', '/api/auth/password', { headers: { authorization: staff }, payload: { currentPassword: 'x', newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('when the sessions cannot be read', () => {
  it('answers signed-in calls with 503 and the sign-in message, anonymous ones as usual', async () => {
    const { email, password } = await newCustomer();
    const { token } = await logIn(email, password);
    await sql`alter table sessions rename to sessions_away`.execute(service.db);
    try {
      const response = await inject('GET', '/api/auth/user', { headers: bearer(token) });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: authMessages.sessionCheckUnavailable } });
      expect((await inject('GET', '/api/auth/user')).statusCode).toBe(401);
      expect((await inject('GET', currentSessionPath, { cookie: token })).statusCode).toBe(503);
      expect((await inject('GET', currentSessionPath)).json()).toEqual({ customer: null });
    } finally {
      await sql`alter table sessions_away rename to sessions`.execute(service.db);
    }
    expect((await inject('GET', '/api/auth/user', { headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('POST /internal/sessions/check', () => {
  const ask = (sids: string[], sign: (body: string) => Record<string, string> = (body) => signedDeliveryHeaders('booking', testServiceKey, { messageId: randomUUID(), topic: sessionCheckTopic, body })) => {
    const body = JSON.stringify({ sids });
    return service.app.inject({ method: 'POST', url: sessionCheckPath, headers: sign(body), payload: body });
  };

  it('tells a signed peer which sessions are active, and asking keeps them from idling out', async () => {
    const { email, password } = await newCustomer();
    const active = claimsOf((await logIn(email, password)).token).sid as string;
    const loggedOut = await logIn(email, password);
    await inject('POST', '/api/auth/logout', { headers: bearer(loggedOut.token) });
    const response = await ask([active, claimsOf(loggedOut.token).sid as string, 'no-such-session-id-at-all']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ active: [active] });

    advance(6 * DAY);
    expect((await ask([active])).json()).toEqual({ active: [active] });
    advance(6 * DAY);
    expect((await ask([active])).json()).toEqual({ active: [active] });
  });

  it('refuses a question without a valid, fresh signature of a trusted service with 401', async () => {
    const sids = ['some-session-id-1234'];
    const refused = [
      () => ({ 'content-type': 'application/json' }),
      (body: string) => signedDeliveryHeaders('booking', 'a-key-accounts-does-not-trust-at-all-0000', { messageId: randomUUID(), topic: sessionCheckTopic, body }),
      (body: string) => signedDeliveryHeaders('mailer', testServiceKey, { messageId: randomUUID(), topic: sessionCheckTopic, body }),
      (body: string) => signedDeliveryHeaders('booking', testServiceKey, { messageId: randomUUID(), topic: 'demo-customer.seeded', body }),
      () => signedDeliveryHeaders('booking', testServiceKey, { messageId: randomUUID(), topic: sessionCheckTopic, body: JSON.stringify({ sids: ['another-session-id-99'] }) }),
      (body: string) => {
        const timestamp = String(Math.floor(Date.now() / 1000) - 301);
        const messageId = randomUUID();
        return {
          'content-type': 'application/json',
          [effectHeaders.service]: 'booking',
          [effectHeaders.timestamp]: timestamp,
          [effectHeaders.messageId]: messageId,
          [effectHeaders.signature]: signDelivery(testServiceKey, { timestamp, messageId, topic: sessionCheckTopic, body }),
        };
      },
    ];
    for (const sign of refused) {
      const response = await ask(sids, sign);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'This request is not signed by a known service.' } });
    }
  });

  it('answers 400 with field messages for a signed question in the wrong shape', async () => {
    const response = await ask([]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(response.json().error.fields)).toEqual(['sids']);
  });
});
