import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  passwordResetCompletePath,
  passwordResetMessages,
  passwordResetPath,
  passwordResetRequestedTopic,
  type PasswordResetRequested,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { addressesFrom, bearer, ended, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
let service: AccountsTestService;
const clock = testClock();

beforeAll(async () => {
  service = await startAccounts({ PASSWORD_RESET_EMAIL_MAX: '3', PASSWORD_RESET_CLIENT_MAX: '10', PASSWORD_RESET_WINDOW_MINUTES: '15' }, clock);
});
afterAll(async () => {
  await service?.close();
});

/** Each call from its own client address unless a test gives one, so the per-client buckets answer only where a test is about them. */
const newAddress = addressesFrom(50);
let unknownEmails = 0;
const unknownEmail = () => `nobody${(unknownEmails += 1)}@example.com`;

const askForReset = (email: string, remoteAddress = newAddress()) => service.app.inject({ method: 'POST', url: passwordResetPath, payload: { email }, remoteAddress });
const completeReset = (token: string, password: string, remoteAddress = newAddress()) =>
  service.app.inject({ method: 'POST', url: passwordResetCompletePath, payload: { token, password, confirmPassword: password }, remoteAddress });
const logIn = (email: string, password: string) => service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress() });

const published = () => publishedEffects<PasswordResetRequested>(service.database, passwordResetRequestedTopic);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Asks for a link for `email` (202) and answers the token the email will carry: the newest one published for it. */
async function linkFor(email: string): Promise<string> {
  const response = await askForReset(email);
  expect(response.statusCode, response.body).toBe(202);
  const sent = (await published()).filter((effect) => effect.email === email);
  return sent.at(-1)!.token;
}

const refusedLink = (message: string) => ({ error: { code: 'VALIDATION_ERROR', message, fields: { token: message } } });

describe('asking for a reset link', () => {
  it('answers a known and an unknown email alike, and publishes the link (once, with its token and expiry) only for the account', async () => {
    const { email, customer } = await registerCustomer(service, { firstName: 'Rae', lastName: 'Lin' });
    const before = (await published()).length;

    const known = await askForReset(email.toUpperCase());
    const unknown = await askForReset(unknownEmail());
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: passwordResetMessages.requested });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    const sent = (await published()).slice(before);
    expect(sent).toEqual([
      { requestId: expect.any(String), email, customerName: 'Rae Lin', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() },
    ]);
    // Only the token's hash is stored, under the request's id.
    const rows = await service.db.selectFrom('password_resets').selectAll().where('customer_id', '=', customer.id).execute();
    expect(rows).toEqual([expect.objectContaining({ id: sent[0]!.requestId, token_hash: sha256(sent[0]!.token), used_at: null, replaced_at: null })]);
    expect(JSON.stringify(rows)).not.toContain(sent[0]!.token);
  });

  it('refuses bad input with messages by field, and never stores or sends anything for it', async () => {
    const before = (await published()).length;
    for (const payload of [{}, { email: 'not an email' }, { email: 'a@b.co', extra: '\u0000' }]) {
      const response = await service.app.inject({ method: 'POST', url: passwordResetPath, payload, remoteAddress: newAddress() });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const missing = await service.app.inject({ method: 'POST', url: passwordResetPath, payload: {}, remoteAddress: newAddress() });
    expect(missing.json().error.fields).toEqual({ email: 'Valid email is required' });
    expect((await published()).length).toBe(before);
  });
});

describe('choosing a new password with the link', () => {
  it('changes the password once, ends every session of the customer and proves the email; the link then says it was used', async () => {
    const { email, password } = await registerCustomer(service);
    const sessions = await Promise.all([logIn(email, password), logIn(email, password)]);
    const tokens = sessions.map((response) => response.json().token as string);
    const token = await linkFor(email);

    const done = await completeReset(token, 'harbor-lantern-58');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: passwordResetMessages.completed });

    for (const sessionToken of tokens) {
      const user = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(sessionToken) });
      expect(user.statusCode).toBe(401);
      expect(user.json()).toEqual(ended);
    }
    expect((await logIn(email, password)).json()).toMatchObject({ error: { message: authMessages.invalidCredentials } });
    const fresh = await logIn(email, 'harbor-lantern-58');
    expect(fresh.statusCode).toBe(200);
    const account = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(fresh.json().token) });
    expect(account.json()).toMatchObject({ email, emailVerified: true });

    const again = await completeReset(token, 'another-choice-93');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refusedLink(passwordResetMessages.usedLink));
    expect((await logIn(email, 'another-choice-93')).statusCode).toBe(401);
  });

  it('uses a link once when two submissions race', async () => {
    const { email } = await registerCustomer(service);
    const token = await linkFor(email);
    const answers = await Promise.all([completeReset(token, 'first-racer-4821'), completeReset(token, 'second-racer-4821')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200) === 0 ? 'first-racer-4821' : 'second-racer-4821';
    expect((await logIn(email, winner)).statusCode).toBe(200);
  });

  it('works until 30 minutes have passed, not after', async () => {
    const { email } = await registerCustomer(service);
    const lateToken = await linkFor(email);
    clock.advance(30 * MINUTE);
    const late = await completeReset(lateToken, 'harbor-lantern-58');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(refusedLink(passwordResetMessages.expiredLink));

    const token = await linkFor(email);
    clock.advance(30 * MINUTE - 1000);
    expect((await completeReset(token, 'harbor-lantern-58')).statusCode).toBe(200);
  });

  it('ends the earlier links when asked again: only the newest works', async () => {
    const { email } = await registerCustomer(service);
    const first = await linkFor(email);
    const second = await linkFor(email);
    expect(second).not.toBe(first);
    const old = await completeReset(first, 'harbor-lantern-58');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(refusedLink(passwordResetMessages.replacedLink));
    expect((await completeReset(second, 'harbor-lantern-58')).statusCode).toBe(200);
  });

  it('refuses an unknown token, a malformed one, passwords that do not match or are too common, with the message by its field', async () => {
    const unknown = await completeReset('A'.repeat(43), 'harbor-lantern-58');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(refusedLink(passwordResetMessages.unknownLink));

    const malformed = await completeReset('short', 'harbor-lantern-58');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ token: passwordResetMessages.incompleteLink });

    const { email, password } = await registerCustomer(service);
    const token = await linkFor(email);
    const mismatch = await service.app.inject({ method: 'POST', url: passwordResetCompletePath, payload: { token, password: 'harbor-lantern-58', confirmPassword: 'harbor-lantern-59' }, remoteAddress: newAddress() });
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: "Passwords don't match" });
    const short = await completeReset(token, 'abc');
    expect(short.json().error.fields).toEqual({ password: 'Password must be at least 6 characters', confirmPassword: 'Password confirmation is required' });
    const common = await completeReset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields).toEqual({ password: authMessages.commonPassword });
    // None of those used the link, and the old password still works.
    expect((await logIn(email, password)).statusCode).toBe(200);
    expect((await completeReset(token, 'harbor-lantern-58')).statusCode).toBe(200);
  });
});

describe('throttles', () => {
  it('refuses a fourth request for one email within the window, from any client, whether or not an account has it', async () => {
    const { email } = await registerCustomer(service);
    const nobody = unknownEmail();
    for (const address of [email, nobody]) {
      for (let i = 0; i < 3; i += 1) expect((await askForReset(address)).statusCode).toBe(202);
    }
    const before = (await published()).length;
    const refusals = [await askForReset(email), await askForReset(nobody)];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: passwordResetMessages.throttled.replace('{minutes}', '15') } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    expect(refusals[0]!.body).toBe(refusals[1]!.body);
    expect((await published()).length).toBe(before);
  });

  it('refuses an eleventh request from one client within the window, whatever the emails', async () => {
    const client = newAddress();
    for (let i = 0; i < 10; i += 1) expect((await askForReset(unknownEmail(), client)).statusCode).toBe(202);
    const refused = await askForReset(unknownEmail(), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(passwordResetMessages.throttled.replace('{minutes}', '15'));
    // Another client is not refused.
    expect((await askForReset(unknownEmail())).statusCode).toBe(202);
  });
});
