import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, signInFailuresTopic, type SignInFailures } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { addressesFrom, admin, bearer, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
let service: AccountsTestService;
const clock = testClock();

beforeAll(async () => {
  // The default account limit and window (10 failures in 15 minutes); no per-client count gets in the way.
  service = await startAccounts({ LOGIN_CLIENT_MAX_FAILURES: '10000' }, clock);
});
afterAll(async () => {
  await service?.close();
});

const newAddress = addressesFrom(60);
const logIn = (email: string, password: string, remoteAddress = newAddress()) => service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const adminLogIn = (email: string, password: string, remoteAddress = newAddress()) =>
  service.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress });

/** The alerts accounts published for `email`, oldest first. */
const alertsFor = async (email: string) => (await publishedEffects<SignInFailures>(service.database, signInFailuresTopic)).filter((alert) => alert.email === email);

/** Wrong passwords on `email`, each client in turn, one after another; the statuses answered. */
async function guess(email: string, clients: string[], times: number, attempt = logIn): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < times; index += 1) statuses.push((await attempt(email, 'wrong-password', clients[index % clients.length])).statusCode);
  return statuses;
}

describe('telling the owner their account is under attack', () => {
  it('publishes one alert when the account’s failures from several addresses reach the limit, and no more within the window', async () => {
    const { email, password } = await registerCustomer(service, { firstName: 'Olive', lastName: 'Owner' });
    const guessers = Array.from({ length: 5 }, () => newAddress());
    expect(await guess(email, guessers, 9)).toEqual(Array(9).fill(401));
    expect(await alertsFor(email)).toEqual([]);

    expect(await guess(email.toUpperCase(), guessers.slice(4), 1)).toEqual([401]);
    const alert = { alertId: expect.any(String), scope: 'customer', email, firstName: 'Olive', failures: 10, windowMinutes: 15, at: clock.now().toISOString() };
    expect(await alertsFor(email)).toEqual([alert]);

    // The guessers are refused now (nothing recorded); new addresses get a try each, and their failures send nothing more.
    expect(await guess(email, guessers, 5)).toEqual(Array(5).fill(429));
    clock.advance(10 * MINUTE);
    expect(await guess(email, [newAddress(), newAddress(), newAddress()], 3)).toEqual([401, 401, 401]);
    expect(await alertsFor(email)).toEqual([alert]);
    // The owner signs in from their own device all the while.
    expect((await logIn(email, password)).statusCode).toBe(200);

    // A window after the alert, an attack still going on is told again, with the failures of the last window.
    clock.advance(5 * MINUTE);
    expect(await guess(email, [newAddress()], 1)).toEqual([401]);
    expect(await alertsFor(email)).toHaveLength(1);
    expect(await guess(email, Array.from({ length: 6 }, () => newAddress()), 6)).toEqual(Array(6).fill(401));
    expect(await alertsFor(email)).toEqual([alert, { ...alert, alertId: expect.any(String), failures: 10, at: clock.now().toISOString() }]);
  });

  it('publishes nothing for an email no account has, and answers it exactly as it answers an account', async () => {
    const { email: known } = await registerCustomer(service);
    const unknown = 'nobody-owns-this@example.com';
    const answers = async (email: string) => {
      const guessers = Array.from({ length: 4 }, () => newAddress());
      const seen: { status: number; body: unknown; retryAfter: unknown }[] = [];
      for (let index = 0; index < 16; index += 1) {
        const response = await logIn(email, 'wrong-password', guessers[index % guessers.length]);
        seen.push({ status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] });
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown.map((answer) => answer.status)).toEqual([...Array(10).fill(401), ...Array(6).fill(429)]);
    expect(forKnown[0]!.body).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.invalidCredentials } });
    expect(await answers(unknown)).toEqual(forKnown);
    expect(await alertsFor(known)).toHaveLength(1);
    expect(await alertsFor(unknown)).toEqual([]);
  });

  it('counts only attempts that failed: a sign-in with the right password in between is not one', async () => {
    const { email, password } = await registerCustomer(service, { firstName: 'Rae' });
    expect(await guess(email, Array.from({ length: 3 }, () => newAddress()), 9)).toEqual(Array(9).fill(401));
    expect((await logIn(email, password)).statusCode).toBe(200);
    expect(await alertsFor(email)).toEqual([]);
    expect(await guess(email, [newAddress()], 1)).toEqual([401]);
    expect(await alertsFor(email)).toEqual([expect.objectContaining({ firstName: 'Rae', failures: 10 })]);
  });

  it('sends one alert for a burst of parallel guesses', async () => {
    const { email } = await registerCustomer(service);
    const guessers = Array.from({ length: 10 }, () => newAddress());
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => logIn(email, 'wrong-password', guessers[index % guessers.length])));
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBeGreaterThanOrEqual(10);
    const alerts = await alertsFor(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.failures).toBeGreaterThanOrEqual(10);
  });

  it('counts wrong current passwords on a password change', async () => {
    const { email, token } = await registerCustomer(service);
    const change = (remoteAddress: string) =>
      service.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        payload: { currentPassword: 'wrong-password', newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' },
        headers: bearer(token),
        remoteAddress,
      });
    const statuses = [];
    for (let index = 0; index < 10; index += 1) statuses.push((await change(newAddress())).statusCode);
    expect(statuses).toEqual(Array(10).fill(400));
    expect(await alertsFor(email)).toEqual([expect.objectContaining({ scope: 'customer', failures: 10 })]);
  });

  it('tells a back-office account’s owner too, as a back-office account', async () => {
    expect(await guess(admin.email, Array.from({ length: 2 }, () => newAddress()), 10, adminLogIn)).toEqual(Array(10).fill(401));
    expect(await alertsFor(admin.email)).toEqual([
      { alertId: expect.any(String), scope: 'back-office', email: admin.email, firstName: 'Administrator', failures: 10, windowMinutes: 15, at: clock.now().toISOString() },
    ]);
  });
});
