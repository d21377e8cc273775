import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFrom, startAccounts, type AccountsTestService } from './support/accounts.ts';

/**
 * Registration says whether an email has an account (a homeowner must learn it), so it shares the login's throttles:
 * per client and per (account, client), probing for accounts stops at the same count as guessing passwords (issue 16).
 * The per-account count is below the per-minute bucket, so a single address reaches it.
 */
const perClient = 5;
const perAccount = 3;
let service: AccountsTestService;
beforeAll(async () => {
  service = await startAccounts({ LOGIN_RATE_LIMIT_MAX: String(perClient), LOGIN_ACCOUNT_MAX_FAILURES: String(perAccount) });
});
afterAll(async () => {
  await service?.close();
});

const newAddress = addressesFrom(40);
const password = 'kettle-harbor-42';
const register = (email: string, remoteAddress: string) =>
  service.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: { firstName: 'Rae', lastName: 'Lin', email, phone: '(904) 555-0101', password, confirmPassword: password } });
const login = (email: string, remoteAddress: string) => service.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'wrong-password' } });

let accounts = 0;
async function existingAccount() {
  accounts += 1;
  const email = `probed${accounts}@example.com`;
  expect((await register(email, newAddress())).statusCode).toBe(201);
  return email;
}

/** The statuses of `count` attempts, and the 1-based attempt that first got 429. */
async function attempts(count: number, attempt: (index: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await attempt(index)).statusCode);
  return { statuses, firstRefused: statuses.indexOf(429) + 1 };
}

describe('probing for accounts by registration is as slow as guessing passwords', () => {
  it('per client: one address probing different accounts stops at the same attempt as one guessing passwords', async () => {
    const emails = await Promise.all(Array.from({ length: perClient + 2 }, existingAccount));
    const prober = newAddress();
    const guesser = newAddress();
    const probes = await attempts(perClient + 2, (index) => register(emails[index]!, prober));
    const guesses = await attempts(perClient + 2, (index) => login(emails[index]!, guesser));
    expect(probes.statuses).toEqual([...Array(perClient).fill(409), 429, 429]);
    expect(guesses.statuses).toEqual([...Array(perClient).fill(401), 429, 429]);
    expect(probes.firstRefused).toBe(guesses.firstRefused);
  });

  it('per account and client: probing one email from one address stops at the same attempt as guessing its password', async () => {
    const probed = await existingAccount();
    const guessed = await existingAccount();
    const prober = newAddress();
    const guesser = newAddress();
    const probes = await attempts(perAccount + 2, () => register(probed, prober));
    const guesses = await attempts(perAccount + 2, () => login(guessed, guesser));
    expect(probes.statuses).toEqual([...Array(perAccount).fill(409), 429, 429]);
    expect(guesses.statuses).toEqual([...Array(perAccount).fill(401), 429, 429]);
    expect(probes.firstRefused).toBe(guesses.firstRefused);
  });

  it('per account and client: probes and guesses on one email count together', async () => {
    const email = await existingAccount();
    const client = newAddress();
    const mixed = await attempts(perAccount + 1, (index) => (index % 2 ? register(email, client) : login(email, client)));
    expect(mixed.firstRefused).toBe(perAccount + 1);
  });

  it('per account: once probes from many addresses pass the count, each of those addresses is refused on that email', async () => {
    const email = await existingAccount();
    const probers = Array.from({ length: perAccount }, () => newAddress());
    for (const prober of probers) expect((await register(email, prober)).statusCode).toBe(409);
    for (const prober of probers) expect((await login(email, prober)).statusCode).toBe(429);
  });
});
