import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@repo/contracts';
import { admin, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

/**
 * The sign-in throttles over real sockets: accounts listens on 127.0.0.1 and each client connects from its own
 * loopback address (127.0.0.2, 127.0.0.3, ...), so the address the service counts is the one the kernel reports,
 * as in production without a proxy. The per-minute bucket is raised (startAccounts), so only the durable counts act.
 */
const clock = testClock();
let service: AccountsTestService;
let port: number;

beforeAll(async () => {
  service = await startAccounts({ LOGIN_ACCOUNT_MAX_FAILURES: '10', LOGIN_CLIENT_MAX_FAILURES: '30' }, clock);
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  port = (service.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await service?.close();
});

type Answer = { status: number; retryAfter: string | undefined; body: { error?: { code: string; message: string } } };

/** A JSON POST from `localAddress` to the service. */
function post(localAddress: string, path: string, payload: object): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, localAddress, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => {
          const retryAfter = incoming.headers['retry-after'];
          resolve({ status: incoming.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, body: JSON.parse(text) });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const adminLogin = (from: string, password: string, email = admin.email) => post(from, '/api/admin/login', { email, password });
const customerLogin = (from: string, email: string, password: string) => post(from, '/api/auth/login', { email, password });
const throttled = (minutes: number) => ({ code: 'RATE_LIMITED', message: authMessages.accountThrottled.replace('{minutes}', String(minutes)) });

describe('sign-in throttles between clients on different addresses', () => {
  it("blocks an attacker guessing the administrator's password, never the administrator, and keeps the attacker blocked", async () => {
    const attacker = '127.0.0.2';
    const administrator = '127.0.0.3';
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await adminLogin(attacker, `guess-${attempt}`)).status).toBe(401);
    const blocked = await adminLogin(attacker, admin.password);
    expect(blocked).toEqual({ status: 429, retryAfter: '900', body: { error: throttled(15) } });

    const signedIn = await adminLogin(administrator, admin.password);
    expect(signedIn.status).toBe(200);

    clock.advance(5 * 60_000);
    expect(await adminLogin(attacker, admin.password)).toEqual({ status: 429, retryAfter: '600', body: { error: throttled(10) } });
    expect((await adminLogin(administrator, admin.password)).status).toBe(200);
  });

  it('blocks a client spraying passwords over many accounts, on every account, and no other client', async () => {
    const sprayer = '127.0.0.4';
    const neighbour = '127.0.0.5';
    const customer = await registerCustomer(service, { email: 'sprayed-owner@example.com' });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await customerLogin(sprayer, `account-${attempt}@example.com`, 'Password1!')).status).toBe(401);
    }
    for (const refused of [await customerLogin(sprayer, customer.email, customer.password), await adminLogin(sprayer, admin.password)]) {
      expect(refused).toEqual({ status: 429, retryAfter: '900', body: { error: throttled(15) } });
    }
    expect((await customerLogin(neighbour, customer.email, customer.password)).status).toBe(200);
  });
});
