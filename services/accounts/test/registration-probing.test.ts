import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFrom, startAccounts, type AccountsTestService } from './support/accounts.ts';

/**
 * Registration says whether an email has an account (a homeowner must learn it), so it shares the login's throttles:
 * per client and per account, probing for accounts stops at the same count as guessing passwords (issue 16).
 */
const perClient = 5;
let service: AccountsTestService;
beforeAll(async () => {
  service = await startAccounts({ LOGIN_RATE_LIMIT_MAX: String(perClient), LOGIN_ACCOUNT_MAX_FAILURES: '10' });
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

  it('per account: probing one email from many addresses stops at the same attempt as guessing its password', async () => {
    const probed = await existingAccount();
    const guessed = await existingAccount();
    const probes = await attempts(12, () => register(probed, newAddress()));
    const guesses = await attempts(12, () => login(guessed, newAddress()));
    expect(probes.statuses).toEqual([...Array(10).fill(409), 429, 429]);
    expect(guesses.statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(probes.firstRefused).toBe(guesses.firstRefused);
  });

  it('per account: probes and guesses on one email count together', async () => {
    const email = await existingAccount();
    const mixed = await attempts(11, (index) => (index % 2 ? register(email, newAddress()) : login(email, newAddress())));
    expect(mixed.firstRefused).toBe(11);
  });
});
