import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  passwordResetCompletePath,
  passwordResetPath,
  passwordResetRequestedTopic,
  sessionCookieName,
  signInLinkCompletePath,
  signInLinkMessages,
  signInLinkPath,
  signInLinkRequestedTopic,
  type PasswordResetRequested,
  type SignInLinkRequested,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { addressesFrom, bearer, claimsOf, forgetEmailProof, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
let service: AccountsTestService;
const clock = testClock();

beforeAll(async () => {
  service = await startAccounts(
    { PASSWORD_RESET_EMAIL_MAX: '3', PASSWORD_RESET_CLIENT_MAX: '10', PASSWORD_RESET_WINDOW_MINUTES: '15', LOGIN_RATE_LIMIT_MAX: '1000', LOGIN_ACCOUNT_MAX_FAILURES: '3' },
    clock,
  );
});
afterAll(async () => {
  await service?.close();
});

/** Each call from its own client address unless a test gives one, so the per-client buckets answer only where a test is about them. */
const newAddress = addressesFrom(70);
let unknownEmails = 0;
const unknownEmail = () => `no-link${(unknownEmails += 1)}@example.com`;

const askForLink = (email: string, remoteAddress = newAddress()) => service.app.inject({ method: 'POST', url: signInLinkPath, payload: { email }, remoteAddress });
const useLink = (token: string, remoteAddress = newAddress()) => service.app.inject({ method: 'POST', url: signInLinkCompletePath, payload: { token }, remoteAddress });
const logIn = (email: string, password: string, remoteAddress = newAddress()) =>
  service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const account = (token: string) => service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });

const published = () => publishedEffects<SignInLinkRequested>(service.database, signInLinkRequestedTopic);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Asks for a link for `email` (202) and answers the token the email will carry: the newest one published for it. */
async function linkFor(email: string): Promise<string> {
  const response = await askForLink(email);
  expect(response.statusCode, response.body).toBe(202);
  return (await published()).filter((effect) => effect.email === email).at(-1)!.token;
}

const refusedLink = (message: string) => ({ error: { code: 'VALIDATION_ERROR', message, fields: { token: message } } });

describe('asking for a sign-in link', () => {
  it('answers a known and an unknown email alike, and publishes the link (once, with its token and expiry) only for the account', async () => {
    const { email, customer } = await registerCustomer(service, { firstName: 'Ola', lastName: 'Berg' });
    const before = (await published()).length;

    const known = await askForLink(email.toUpperCase());
    const unknown = await askForLink(unknownEmail());
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: signInLinkMessages.requested });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    const sent = (await published()).slice(before);
    expect(sent).toEqual([
      { requestId: expect.any(String), email, customerName: 'Ola Berg', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() },
    ]);
    const rows = await service.db.selectFrom('sign_in_links').selectAll().where('customer_id', '=', customer.id).execute();
    expect(rows).toEqual([expect.objectContaining({ id: sent[0]!.requestId, token_hash: sha256(sent[0]!.token), used_at: null, replaced_at: null })]);
    expect(JSON.stringify(rows)).not.toContain(sent[0]!.token);
  });

  it('leaves an open password reset link working: each kind of link ends only the earlier links of its own kind', async () => {
    const { email } = await registerCustomer(service);
    expect((await service.app.inject({ method: 'POST', url: passwordResetPath, payload: { email }, remoteAddress: newAddress() })).statusCode).toBe(202);
    const reset = (await publishedEffects<PasswordResetRequested>(service.database, passwordResetRequestedTopic)).filter((effect) => effect.email === email).at(-1)!;
    const link = await linkFor(email);
    const done = await service.app.inject({
      method: 'POST',
      url: passwordResetCompletePath,
      payload: { token: reset.token, password: 'orchard-beacon-31', confirmPassword: 'orchard-beacon-31' },
      remoteAddress: newAddress(),
    });
    expect(done.statusCode, done.body).toBe(200);
    // The reset ended every session, not the unused sign-in link.
    expect((await useLink(link)).statusCode).toBe(200);
  });

  it('refuses bad input with messages by field, and a fourth request for one email within the window', async () => {
    const missing = await service.app.inject({ method: 'POST', url: signInLinkPath, payload: {}, remoteAddress: newAddress() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ email: 'Valid email is required' });

    const { email } = await registerCustomer(service);
    for (let i = 0; i < 3; i += 1) expect((await askForLink(email)).statusCode).toBe(202);
    const before = (await published()).length;
    const refused = await askForLink(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: signInLinkMessages.throttled.replace('{minutes}', '15') } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await published()).length).toBe(before);
  });
});

describe('signing in with the link', () => {
  it('starts a session (cookie and token) with the email proven, once; the password and the other sessions stay', async () => {
    const { email, password } = await registerCustomer(service);
    await forgetEmailProof(service, email);
    const earlier = (await logIn(email, password)).json().token as string;
    const token = await linkFor(email);

    const done = await useLink(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ token: expect.any(String), message: signInLinkMessages.completed });
    const cookie = done.cookies.find((each) => each.name === sessionCookieName);
    expect(cookie).toMatchObject({ value: done.json().token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(claimsOf(done.json().token)).toMatchObject({ role: 'customer', email, emailVerified: true });
    expect((await account(done.json().token)).json()).toMatchObject({ email, emailVerified: true });

    expect((await account(earlier)).statusCode).toBe(200);
    expect((await logIn(email, password)).statusCode).toBe(200);

    const again = await useLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refusedLink(signInLinkMessages.usedLink));
  });

  it('uses a link once when two presses race', async () => {
    const { email } = await registerCustomer(service);
    const token = await linkFor(email);
    const answers = await Promise.all([useLink(token), useLink(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('works until 30 minutes have passed, not after; only the newest link works', async () => {
    const { email } = await registerCustomer(service);
    const late = await linkFor(email);
    clock.advance(30 * MINUTE);
    expect((await useLink(late)).json()).toEqual(refusedLink(signInLinkMessages.expiredLink));

    const first = await linkFor(email);
    const second = await linkFor(email);
    expect((await useLink(first)).json()).toEqual(refusedLink(signInLinkMessages.replacedLink));
    clock.advance(30 * MINUTE - 1000);
    expect((await useLink(second)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a malformed one, naming the token', async () => {
    expect((await useLink('A'.repeat(43))).json()).toEqual(refusedLink(signInLinkMessages.unknownLink));
    const malformed = await useLink('short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ token: signInLinkMessages.incompleteLink });
  });

  it('lets a client kept from guessing the password sign in with a link, which also ends its refusal', async () => {
    const { email, password } = await registerCustomer(service);
    const client = newAddress();
    for (let i = 0; i < 3; i += 1) expect((await logIn(email, 'wrong-password-1', client)).statusCode).toBe(401);
    const refused = await logIn(email, password, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/ask for a sign-in link by email/);
    expect(refused.json().error.message).toBe(authMessages.accountThrottled.replace('{minutes}', '15'));

    const token = await linkFor(email);
    const done = await useLink(token, client);
    expect(done.statusCode, done.body).toBe(200);
    expect((await logIn(email, password, client)).statusCode).toBe(200);
  });
});
