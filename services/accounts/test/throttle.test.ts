import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@repo/contracts';
import { loadEnv } from '@repo/service-kit';
import { createTestService, testKeyEnv, testServiceKey, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';
import { addressesFrom } from './support/accounts.ts';

const MINUTE = 60_000;
let service: TestService<AccountsDatabase>;
let clock = new Date('2026-12-01T15:00:00Z').getTime();
const admin = { email: 'owner@example.com', password: 'a-long-admin-password' };

beforeAll(async () => {
  // Three attempts per client and minute, so the shared bucket is quick to fill; the per-account tests use a new
  // client address for every attempt, so only the per-account count can stop them.
  service = await createTestService(accountsService, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOGIN_RATE_LIMIT_MAX: '3' }, { now: () => new Date(clock) });
});
afterAll(async () => {
  await service?.close();
});

/** A client address used once. */
const newAddress = addressesFrom(20);
const send = (method: 'POST' | 'PUT', url: string, payload: object, remoteAddress = newAddress(), headers: Record<string, string> = {}) =>
  service.app.inject({ method, url, payload, remoteAddress, headers });
const login = (email: string, password: string, remoteAddress?: string) => send('POST', '/api/auth/login', { email, password }, remoteAddress);
const register = (email: string, remoteAddress?: string, password = 'kettle-harbor-42') =>
  send('POST', '/api/auth/register', { firstName: 'Rae', lastName: 'Lin', email, phone: '(904) 555-0101', password, confirmPassword: password }, remoteAddress);

let customers = 0;
async function newCustomer() {
  customers += 1;
  const email = `throttled${customers}@example.com`;
  expect((await register(email)).statusCode).toBe(201);
  return { email, password: 'kettle-harbor-42' };
}

const throttledBody = (minutes: number) => ({ error: { code: 'RATE_LIMITED', message: authMessages.accountThrottled.replace('{minutes}', String(minutes)) } });

describe('per client', () => {
  it('shares one bucket between login, registration and admin login', async () => {
    const client = newAddress();
    expect((await login('someone@example.com', 'wrong-password', client)).statusCode).toBe(401);
    expect((await register('bucket@example.com', client)).statusCode).toBe(201);
    expect((await send('POST', '/api/admin/login', { email: 'someone@example.com', password: 'x' }, client)).statusCode).toBe(401);
    const limited = await login('bucket@example.com', 'kettle-harbor-42', client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register('bucket2@example.com', client)).statusCode).toBe(429);
    expect((await login('bucket@example.com', 'kettle-harbor-42')).statusCode).toBe(200);
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

describe('per account', () => {
  it('answers 429 with when to try again after 10 failures in 15 minutes from any addresses, then lets the owner in', async () => {
    const { email, password } = await newCustomer();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(attempt % 2 ? email : email.toUpperCase(), 'wrong-password')).statusCode).toBe(401);
    }
    const refused = await login(email, password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody(15));
    expect(refused.headers['retry-after']).toBe('900');

    clock += 14 * MINUTE;
    const later = await login(email, password);
    expect(later.json()).toEqual(throttledBody(1));
    expect(later.headers['retry-after']).toBe('60');
    clock += MINUTE;
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('forgets the failures once an attempt succeeds', async () => {
    const { email, password } = await newCustomer();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(200);
    expect(await service.db.selectFrom('login_failures').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('counts parallel guesses one after another, so a burst from many addresses gets no more than the limit', async () => {
    const { email } = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'wrong-password')));
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });

  it('throttles an email no account has exactly like one that exists', async () => {
    const { email: known } = await newCustomer();
    const unknown = 'nobody-here@example.com';
    const answers = async (email: string) => {
      const seen: { status: number; body: unknown; retryAfter: unknown }[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await login(email, 'wrong-password');
        seen.push({ status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] });
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(forKnown.at(-1)).toEqual({ status: 429, body: throttledBody(15), retryAfter: '900' });
    expect(await answers(unknown)).toEqual(forKnown);
  });

  it('counts a registration for an email in use (any letter case) as a failure, and refuses registration once throttled', async () => {
    const { email, password } = await newCustomer();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const taken = await register(attempt % 2 ? email : email.replace('throttled', 'THROTTLED'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(authMessages.emailTaken);
    }
    expect((await register(email)).json()).toEqual(throttledBody(15));
    expect((await login(email, password)).json()).toEqual(throttledBody(15));
  });

  it('counts wrong current passwords on a password change against the account', async () => {
    const { email, password } = await newCustomer();
    const token = (await login(email, password)).json().token as string;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await send('PUT', '/api/auth/password', { currentPassword: 'wrong-password', newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' }, newAddress(), { authorization: `Bearer ${token}` });
      expect(wrong.json().error.fields).toEqual({ currentPassword: authMessages.currentPasswordWrong });
    }
    const refused = await send('PUT', '/api/auth/password', { currentPassword: password, newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' }, newAddress(), { authorization: `Bearer ${token}` });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login(email, password)).json()).toEqual(throttledBody(15));
  });

  it('throttles the administrator login the same way, apart from customer logins', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await send('POST', '/api/admin/login', { email: admin.email, password: 'wrong-password' })).json().error.message).toBe('Invalid credentials');
    }
    const refused = await send('POST', '/api/admin/login', admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttledBody(15));
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login(admin.email, 'wrong-password')).statusCode).toBe(401);
    clock += 15 * MINUTE;
    expect((await send('POST', '/api/admin/login', admin)).statusCode).toBe(200);
  });

  it('keeps the count in the database, so another accounts process on it (or one restarted) refuses too', async () => {
    const { email, password } = await newCustomer();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    const env = loadEnv('accounts', accountsService.envSchema, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...testKeyEnv,
      SERVICE_KEY: testServiceKey,
      TRUSTED_SERVICE_KEYS: `booking=${testServiceKey}`,
      PEER_URLS: 'booking=http://127.0.0.1:9',
    });
    const second = await accountsService.build(env, service.database, { now: () => new Date(clock) });
    try {
      await second.ready();
      const refused = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress() });
      expect(refused.json()).toEqual(throttledBody(15));
    } finally {
      await second.close();
    }
  });
});
