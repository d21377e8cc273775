import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@repo/contracts';
import { loadEnv } from '@repo/service-kit';
import { createTestService, testKeyEnv, testServiceKey, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';
import { clientKey } from '../src/domain/throttle.ts';
import { addressesFrom, registerCustomer } from './support/accounts.ts';

const MINUTE = 60_000;
let service: TestService<AccountsDatabase>;
/** The same service without the small per-minute bucket, so only the durable counts can stop a client. */
let durable: TestService<AccountsDatabase>;
let clock = new Date('2026-12-01T15:00:00Z').getTime();
const admin = { email: 'owner@example.com', password: 'a-long-admin-password' };

beforeAll(async () => {
  // Three attempts per client and minute, so the shared bucket is quick to fill; the tests of the durable counts use a
  // service without it, so only those counts can stop a client.
  service = await createTestService(accountsService, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOGIN_RATE_LIMIT_MAX: '3' }, { now: () => new Date(clock) });
  durable = await createTestService(
    accountsService,
    { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOGIN_RATE_LIMIT_MAX: '10000', LOGIN_CLIENT_MAX_FAILURES: '30' },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await service?.close();
  await durable?.close();
});

/** A client address used once. */
const newAddress = addressesFrom(20);
/** Which service the helpers call: the one with the small bucket unless a test says otherwise. */
let target = () => service;
const send = (method: 'POST' | 'PUT', url: string, payload: object, remoteAddress = newAddress(), headers: Record<string, string> = {}) =>
  target().app.inject({ method, url, payload, remoteAddress, headers });
const login = (email: string, password: string, remoteAddress?: string) => send('POST', '/api/auth/login', { email, password }, remoteAddress);
const adminLogin = (email: string, password: string, remoteAddress?: string) => send('POST', '/api/admin/login', { email, password }, remoteAddress);
const register = (email: string, remoteAddress?: string, password = 'kettle-harbor-42') =>
  send('POST', '/api/auth/register', { firstName: 'Rae', lastName: 'Lin', email, phone: '(904) 555-0101', password, confirmPassword: password }, remoteAddress);
const changeWith = (token: string, currentPassword: string, remoteAddress?: string) =>
  send('PUT', '/api/auth/password', { currentPassword, newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' }, remoteAddress, { authorization: `Bearer ${token}` });

/** Another accounts process on the same database as `of` (a second replica), with these settings besides the test's. */
async function replicaOf(of: TestService<AccountsDatabase>, settings: Record<string, string>) {
  const env = loadEnv('accounts', accountsService.envSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...testKeyEnv,
    SERVICE_KEY: testServiceKey,
    TRUSTED_SERVICE_KEYS: `booking=${testServiceKey},tracking=${testServiceKey},payments=${testServiceKey},notifications=${testServiceKey}`,
    PEER_URLS: 'booking=http://127.0.0.1:9,tracking=http://127.0.0.1:9,payments=http://127.0.0.1:9,notifications=http://127.0.0.1:9',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...settings,
  });
  const app = await accountsService.build(env, of.database, { now: () => new Date(clock) });
  await app.ready();
  return app;
}

let customers = 0;
async function newCustomer() {
  customers += 1;
  const { email, password } = await registerCustomer(target(), { email: `throttled${customers}@example.com` });
  return { email, password };
}

const throttledBody = (minutes: number) => ({ error: { code: 'RATE_LIMITED', message: authMessages.accountThrottled.replace('{minutes}', String(minutes)) } });

describe('per client', () => {
  it('shares one bucket between login, registration and admin login', async () => {
    const client = newAddress();
    expect((await login('someone@example.com', 'wrong-password', client)).statusCode).toBe(401);
    expect((await register('bucket@example.com', client)).statusCode).toBe(202);
    expect((await send('POST', '/api/admin/login', { email: 'someone@example.com', password: 'x' }, client)).statusCode).toBe(401);
    const limited = await login('someone@example.com', 'kettle-harbor-42', client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register('bucket2@example.com', client)).statusCode).toBe(429);
    // Another client has its own bucket.
    expect((await register('bucket2@example.com')).statusCode).toBe(202);
  });

  it('shares the bucket between two accounts processes on one database, so a second replica gives no extra attempts', async () => {
    const replica = await replicaOf(service, { LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const client = newAddress();
      const attempt = (app: typeof replica) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' }, remoteAddress: client });
      expect((await attempt(service.app)).statusCode).toBe(401);
      expect((await attempt(replica)).statusCode).toBe(401);
      expect((await attempt(service.app)).statusCode).toBe(401);
      for (const app of [replica, service.app]) {
        const limited = await attempt(app);
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/) });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await replica.close();
    }
  });

  it('counts password changes in the same bucket', async () => {
    const { email, password } = await newCustomer();
    const client = newAddress();
    const token = (await login(email, password, client)).json().token as string;
    const change = () => send('PUT', '/api/auth/password', { currentPassword: 'wrong-password', newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' }, client, { authorization: `Bearer ${token}` });
    expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(429);
    expect((await login(email, password, client)).statusCode).toBe(429);
  });
});

describe('per account and client', () => {
  beforeAll(() => {
    target = () => durable;
  });

  it('answers the guessing client 429 with when to try again after 10 failures on one account in 15 minutes, then lets it in', async () => {
    const { email, password } = await newCustomer();
    const guesser = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(attempt % 2 ? email : email.toUpperCase(), 'wrong-password', guesser)).statusCode).toBe(401);
    }
    const refused = await login(email, password, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody(15));
    expect(refused.headers['retry-after']).toBe('900');

    clock += 14 * MINUTE;
    const later = await login(email, password, guesser);
    expect(later.json()).toEqual(throttledBody(1));
    expect(later.headers['retry-after']).toBe('60');
    clock += MINUTE;
    expect((await login(email, password, guesser)).statusCode).toBe(200);
  });

  it('lets the owner in with the right password from a client that has not been failing, while the guesser stays refused', async () => {
    const { email, password } = await newCustomer();
    const guesser = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await login(email, 'wrong-password', guesser)).statusCode).toBe(401);
    expect((await login(email, password, guesser)).statusCode).toBe(429);
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
    // The owner's sign-in frees nobody else: the guesser's failures stay until they leave the window.
    const still = await login(email, password, guesser);
    expect(still.json()).toEqual(throttledBody(15));
    expect(still.headers['retry-after']).toBe('900');
  });

  it('never refuses the right password from a clean client, however many addresses have failed on the account', async () => {
    const { email, password } = await newCustomer();
    for (let attempt = 0; attempt < 25; attempt += 1) expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
  });

  it('once 10 failures from all addresses together fall within the window, refuses each address that failed on the account', async () => {
    const { email, password } = await newCustomer();
    const guessers = Array.from({ length: 10 }, () => newAddress());
    for (const [index, guesser] of guessers.entries()) {
      expect((await login(email, 'wrong-password', guesser)).statusCode).toBe(401);
      if (index === 3) clock += 5 * MINUTE;
    }
    // Each may try again once its own failure leaves the window, or once the account has fewer than 10 failures in it
    // (when the oldest, 5 minutes older than the rest, leaves), whichever is first: in 10 minutes for all of them.
    for (const guesser of guessers) {
      const refused = await login(email, password, guesser);
      expect(refused.json()).toEqual(throttledBody(10));
      expect(refused.headers['retry-after']).toBe('600');
    }
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
    clock += 10 * MINUTE;
    expect((await login(email, password, guessers[9])).statusCode).toBe(200);
  });

  it('forgets the failures of the client that succeeds, and only those', async () => {
    const { email, password } = await newCustomer();
    const owner = newAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(email, 'wrong-password', owner)).statusCode).toBe(401);
    expect((await login(email, password, owner)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) expect((await login(email, 'wrong-password', owner)).statusCode).toBe(401);
    expect((await login(email, password, owner)).statusCode).toBe(200);
    expect(await durable.db.selectFrom('login_failures').select('id').where('email', '=', email).execute()).toEqual([]);

    const other = newAddress();
    expect((await login(email, 'wrong-password', other)).statusCode).toBe(401);
    expect((await login(email, password, owner)).statusCode).toBe(200);
    expect(await durable.db.selectFrom('login_failures').select('client').where('email', '=', email).execute()).toEqual([{ client: other }]);
  });

  it('counts parallel guesses one after another, so a burst from one address gets no more than the limit', async () => {
    const { email } = await newCustomer();
    const guesser = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'wrong-password', guesser)));
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });

  it('throttles an email no account has exactly like one that exists', async () => {
    const { email: known } = await newCustomer();
    const unknown = 'nobody-here@example.com';
    const answers = async (email: string) => {
      const guesser = newAddress();
      const seen: { status: number; body: unknown; retryAfter: unknown }[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await login(email, 'wrong-password', guesser);
        seen.push({ status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] });
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(forKnown.at(-1)).toEqual({ status: 429, body: throttledBody(15), retryAfter: '900' });
    expect(await answers(unknown)).toEqual(forKnown);
  });

  it('counts wrong current passwords on a password change against the account and client', async () => {
    const { email, password } = await newCustomer();
    const token = (await login(email, password)).json().token as string;
    const guesser = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await changeWith(token, 'wrong-password', guesser)).json().error.fields).toEqual({ currentPassword: authMessages.currentPasswordWrong });
    }
    const refused = await changeWith(token, password, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login(email, password, guesser)).json()).toEqual(throttledBody(15));
    expect((await changeWith(token, password, newAddress())).statusCode).toBe(200);
  });

  it('throttles the administrator login the same way, apart from customer logins, and never locks the administrator out', async () => {
    const guesser = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await adminLogin(admin.email, 'wrong-password', guesser)).json().error.message).toBe('Invalid credentials');
    }
    const refused = await adminLogin(admin.email, admin.password, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody(15));
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login(admin.email, 'wrong-password', guesser)).statusCode).toBe(401);
    expect((await adminLogin(admin.email, admin.password, newAddress())).statusCode).toBe(200);
    expect((await adminLogin(admin.email, admin.password, guesser)).statusCode).toBe(429);
    clock += 15 * MINUTE;
    expect((await adminLogin(admin.email, admin.password, guesser)).statusCode).toBe(200);
  });

  it('keeps the count in the database, so another accounts process on it (or one restarted) refuses too', async () => {
    const { email, password } = await newCustomer();
    const guesser = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await login(email, 'wrong-password', guesser)).statusCode).toBe(401);
    // Configured as the first process is, as a replica would be: the per-minute bucket is shared through the database
    // now, and at the default 10 it, not the account's count, would refuse this eleventh attempt.
    const second = await replicaOf(durable, { LOGIN_RATE_LIMIT_MAX: '10000', LOGIN_CLIENT_MAX_FAILURES: '30' });
    try {
      const refused = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: guesser });
      expect(refused.json()).toEqual(throttledBody(15));
    } finally {
      await second.close();
    }
  });
});

describe('per client across accounts', () => {
  beforeAll(() => {
    target = () => durable;
  });

  it('refuses a client that failed on 30 accounts (customer and back office together) everywhere for the window, and no one else', async () => {
    const { email, password } = await newCustomer();
    const sprayer = newAddress();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = attempt % 3 ? await login(`sprayed${attempt}@example.com`, 'wrong-password', sprayer) : await adminLogin(`sprayed${attempt}@example.com`, 'wrong-password', sprayer);
      expect(answer.statusCode).toBe(401);
    }
    for (const refused of [await login(email, password, sprayer), await adminLogin(admin.email, admin.password, sprayer)]) {
      expect(refused.json()).toEqual(throttledBody(15));
      expect(refused.headers['retry-after']).toBe('900');
    }
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
    clock += 15 * MINUTE;
    expect((await login(email, password, sprayer)).statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  beforeAll(() => {
    target = () => durable;
  });

  it('counts an IPv6 client by its /64 network, so taking a new address for every guess does not help', async () => {
    const { email, password } = await newCustomer();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(email, 'wrong-password', `2001:db8:7:1::${(attempt + 1).toString(16)}`)).statusCode).toBe(401);
    }
    const refused = await login(email, password, '2001:db8:7:1:ffff:ffff:ffff:fffe');
    expect(refused.json()).toEqual(throttledBody(15));
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login(email, password, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('reads every way of writing an address as the same client', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:0db8:0007:0001:0000:0000:0000:0001')).toBe('2001:db8:7:1::/64');
    expect(clientKey('2001:db8:7:1::abcd')).toBe('2001:db8:7:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
