import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmailPath,
  customerEmailProvenTopic,
  registrationCheckEmail,
  registrationMessages,
  sessionCookieName,
  type CustomerEmailProven,
  type RegistrationRequested,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import {
  addressesFrom,
  bearer,
  claimsOf,
  confirmationToken,
  forgetEmailProof,
  registerCustomer,
  registrationsPublished,
  startAccounts,
  testClock,
  type AccountsTestService,
} from './support/accounts.ts';

const MINUTE = 60_000;
const clock = testClock();
let service: AccountsTestService;
beforeAll(async () => {
  service = await startAccounts({ REGISTRATION_EMAIL_MAX: '3', REGISTRATION_CLIENT_MAX: '5', REGISTRATION_WINDOW_MINUTES: '15' }, clock);
});
afterAll(async () => {
  await service?.close();
});

/** Each call from its own client address unless a test gives one, so the per-client bucket answers only where a test is about it. */
const newAddress = addressesFrom(41);
let emails = 0;
const newEmail = () => `newcomer${(emails += 1)}@example.com`;
const password = 'kettle-harbor-42';
const details = { firstName: 'Rae', lastName: 'Lin', phone: '(904) 555-0101', address: '12 Aviles St', password, confirmPassword: password };
const register = (email: string, remoteAddress = newAddress(), firstName = 'Rae') =>
  service.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: { ...details, firstName, email } });
/** Confirms as the page does: the link's token and, unless a test types another, the password chosen at registration. */
const confirm = (token: string, remoteAddress = newAddress(), typed: { password?: unknown } = { password }) =>
  service.app.inject({ method: 'POST', url: confirmEmailPath, payload: { token, ...typed }, remoteAddress });
const customerCount = async () => Number((await service.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const pendingOf = (email: string) => service.db.selectFrom('pending_registrations').selectAll().where('email', '=', email).execute();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const refusedLink = (message: string) => ({ error: { code: 'VALIDATION_ERROR', message, fields: { token: message } } });

describe('registering', () => {
  it('answers a new and a known email alike (202, one message), and creates no account before the email is proven', async () => {
    const known = await registerCustomer(service, { firstName: 'Olive', lastName: 'Owner' });
    const fresh = newEmail();
    const before = await customerCount();

    const forKnown = await register(known.email.toUpperCase(), newAddress(), 'Mallory');
    const forNew = await register(fresh);
    expect([forKnown.statusCode, forNew.statusCode]).toEqual([202, 202]);
    expect(forKnown.json()).toEqual({ message: registrationCheckEmail(known.email.toUpperCase()) });
    expect(forNew.json()).toEqual({ message: registrationCheckEmail(fresh) });
    expect(forNew.json().message).toBe(`Check your email: we sent a link to ${fresh} to finish creating your account. The link works for 30 minutes; if no email arrives within a few minutes, check your spam folder or register again.`);
    expect(Object.keys(forKnown.headers).sort()).toEqual(Object.keys(forNew.headers).sort());
    expect(forNew.cookies).toEqual([]);
    expect(await customerCount()).toBe(before);
  });

  it('for a known email, creates nothing and publishes the attempt for its owner (their name, not the one typed), with no link', async () => {
    const known = await registerCustomer(service, { firstName: 'Olive', lastName: 'Owner' });
    const before = await customerCount();
    expect((await register(known.email.toUpperCase(), newAddress(), 'Mallory')).statusCode).toBe(202);
    expect(await customerCount()).toBe(before);
    expect(await service.db.selectFrom('pending_registrations').selectAll().where('email', 'ilike', known.email).where('used_at', 'is', null).execute()).toEqual([]);
    const published = await registrationsPublished(service, known.email);
    // The proof its own registration was sent, then the attempt.
    expect(published.map((effect) => effect.purpose)).toEqual(['email-proof', 'registration-attempt']);
    expect(published[1]).toEqual({ purpose: 'registration-attempt', requestId: expect.any(String), email: known.email, customerName: 'Olive Owner' });
  });

  it('for a new email, keeps the registration (password hashed, token only as its sha256) and publishes the link valid 30 minutes', async () => {
    const email = newEmail();
    expect((await register(email)).statusCode).toBe(202);
    const [proof, ...others] = await registrationsPublished(service, email);
    expect(others).toEqual([]);
    expect(proof).toEqual({ purpose: 'email-proof', requestId: expect.any(String), email, customerName: 'Rae Lin', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() });
    const token = (proof as Extract<RegistrationRequested, { purpose: 'email-proof' }>).token;
    const [row] = await pendingOf(email);
    expect(row).toMatchObject({ id: proof!.requestId, first_name: 'Rae', last_name: 'Lin', phone: '(904) 555-0101', address: '12 Aviles St', token_hash: sha256(token), used_at: null, replaced_at: null });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses a too-common password and bad fields before anything is kept or sent, whatever the email', async () => {
    const email = newEmail();
    const common = await service.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: newAddress(), payload: { ...details, email, password: 'password1', confirmPassword: 'password1' } });
    expect(common.statusCode).toBe(400);
    expect(await registrationsPublished(service, email)).toEqual([]);
    expect(await pendingOf(email)).toEqual([]);
  });
});

describe('confirming the email', () => {
  it('creates the account with its email proven, signs the customer in (cookie and token), and the link works once', async () => {
    const email = newEmail();
    await register(email);
    const token = await confirmationToken(service, email);
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ token: expect.any(String), message: registrationMessages.completed });
    expect(done.cookies.find((cookie) => cookie.name === sessionCookieName)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', value: done.json().token });
    expect(claimsOf(done.json().token)).toMatchObject({ role: 'customer', email, emailVerified: true });

    const account = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(done.json().token) });
    expect(account.json()).toMatchObject({ firstName: 'Rae', lastName: 'Lin', email, phone: '(904) 555-0101', address: '12 Aviles St', emailVerified: true, lastLogin: clock.now().toISOString() });
    // The password typed at registration signs in.
    const login = await service.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: newAddress(), payload: { email, password } });
    expect(login.statusCode).toBe(200);

    expect((await confirm(token)).json()).toEqual(refusedLink(registrationMessages.usedLink));
    const [row] = await pendingOf(email);
    expect(row).toMatchObject({ used_at: clock.now(), password_hash: '' });
  });

  it('works for 30 minutes and no longer', async () => {
    const early = newEmail();
    const late = newEmail();
    await register(early);
    await register(late);
    clock.advance(30 * MINUTE - 1000);
    expect((await confirm(await confirmationToken(service, early))).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await confirm(await confirmationToken(service, late));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(refusedLink(registrationMessages.expiredLink));
    expect((await service.db.selectFrom('customers').select('id').where('email', '=', late).execute())).toEqual([]);
  });

  it('ends the earlier link when the email registers again', async () => {
    const email = newEmail();
    await register(email);
    const first = await confirmationToken(service, email);
    await register(email.toUpperCase());
    const second = await confirmationToken(service, email);
    expect((await confirm(first)).json()).toEqual(refusedLink(registrationMessages.replacedLink));
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('refuses clearly when the email got an account after the link was sent', async () => {
    const email = newEmail();
    await register(email);
    const token = await confirmationToken(service, email);
    // The same email made an account another way meanwhile (a reset-proven legacy account, say): stands in with a row.
    await service.db.insertInto('customers').values({ first_name: 'Earlier', last_name: 'Owner', email: email.toUpperCase(), phone: '1', address: null, password_hash: 'x', service_pro_customer_id: null, last_login: null }).execute();
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'CONFLICT', message: registrationMessages.emailTaken, fields: { token: registrationMessages.emailTaken } } });
    expect(refused.cookies).toEqual([]);
  });

  it('refuses an unknown or malformed token with the message the page shows', async () => {
    expect((await confirm('A'.repeat(43))).json()).toEqual(refusedLink(registrationMessages.unknownLink));
    const cut = await confirm('A'.repeat(20));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.fields).toEqual({ token: registrationMessages.incompleteLink });
  });

  it('creates nothing with another password than the registration chose, and the link still works with the chosen one', async () => {
    // A stranger registers the victim's email with a password of their own; the victim opens the link and confirms.
    const email = newEmail();
    await register(email);
    const token = await confirmationToken(service, email);
    const before = await customerCount();
    const wrong = await confirm(token, newAddress(), { password: 'victims-own-password-7' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: registrationMessages.wrongPassword, fields: { password: registrationMessages.wrongPassword } } });
    expect(wrong.cookies).toEqual([]);
    expect(await customerCount()).toBe(before);
    expect(await pendingOf(email)).toEqual([expect.objectContaining({ used_at: null, password_hash: expect.stringMatching(/^\$argon2id\$/) })]);

    const right = await confirm(token);
    expect(right.statusCode, right.body).toBe(200);
    expect(claimsOf(right.json().token)).toMatchObject({ role: 'customer', email, emailVerified: true });
  });

  it.each([
    ['missing', {}],
    ['empty', { password: '' }],
    ['not text', { password: 42 }],
  ])('refuses a %s password, naming it, and creates nothing', async (_kind, typed) => {
    const email = newEmail();
    await register(email);
    const refused = await confirm(await confirmationToken(service, email), newAddress(), typed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ password: registrationMessages.passwordRequired });
    expect(await service.db.selectFrom('customers').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('says what is wrong with the link before anything about the password', async () => {
    const email = newEmail();
    await register(email);
    const token = await confirmationToken(service, email);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await confirm(token, newAddress(), { password: 'not-the-password' })).json()).toEqual(refusedLink(registrationMessages.usedLink));
    expect((await confirm('A'.repeat(43), newAddress(), { password: 'not-the-password' })).json()).toEqual(refusedLink(registrationMessages.unknownLink));
  });

  it('lets two openings of one link make one account', async () => {
    const email = newEmail();
    await register(email);
    const token = await confirmationToken(service, email);
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await service.db.selectFrom('customers').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });
});

describe('throttles', () => {
  const throttled = (minutes: number) => ({ error: { code: 'RATE_LIMITED', message: registrationMessages.throttled.replace('{minutes}', String(minutes)) } });

  it('refuses the fourth registration of one email within 15 minutes (any letter case, any client), known or not, alike', async () => {
    const known = (await registerCustomer(service)).email;
    // The account's own registration counted once.
    const answersFor = async (email: string, tries: number) => {
      const seen = [];
      for (let attempt = 0; attempt < tries; attempt += 1) {
        const response = await register(attempt % 2 ? email.toUpperCase() : email);
        seen.push({ status: response.statusCode, body: response.statusCode === 429 ? response.json() : undefined, retryAfter: response.headers['retry-after'] });
      }
      return seen;
    };
    const forKnown = await answersFor(known, 3);
    const forNew = await answersFor(newEmail(), 4);
    expect(forNew.map((answer) => answer.status)).toEqual([202, 202, 202, 429]);
    expect(forNew.at(-1)).toMatchObject({ status: 429, body: throttled(15) });
    // What is left of the 15 minutes from the email's first registration: the whole window, less the seconds a busy
    // machine took over the registrations in between.
    for (const answer of [forNew.at(-1)!, forKnown.at(-1)!]) expect(Number(answer.retryAfter)).toSatisfy((seconds: number) => seconds > 840 && seconds <= 900);
    const withoutWait = ({ status, body }: { status: number; body: unknown }) => ({ status, body });
    expect(forKnown.map(withoutWait)).toEqual(forNew.slice(1).map(withoutWait));
  });

  it('refuses a client past its registrations within the window, on any email, and no other client', async () => {
    const client = newAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await register(newEmail(), client)).statusCode).toBe(202);
    const refused = await register(newEmail(), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(throttled(15));
    expect((await register(newEmail())).statusCode).toBe(202);
  });
});

describe('what was booked before the account', () => {
  const provenFor = async (customerId: number) =>
    (await publishedEffects<CustomerEmailProven>(service.database, customerEmailProvenTopic)).filter((event) => event.customerId === customerId);
  const logIn = (email: string) => service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress() });

  it('tells booking the proven email with each session begun on it, and nothing for a session on an unproven one', async () => {
    const { email, customer } = await registerCustomer(service, { password });
    // The registration's link proved the email and began the first session.
    expect(await provenFor(customer.id)).toEqual([{ customerId: customer.id, email }]);
    expect((await logIn(email.toUpperCase())).statusCode).toBe(200);
    expect(await provenFor(customer.id)).toEqual([{ customerId: customer.id, email }, { customerId: customer.id, email }]);

    // An account from before registration asked for proof: its email is a claim, so its sessions link nothing.
    await forgetEmailProof(service, email);
    expect((await logIn(email)).statusCode).toBe(200);
    expect(await provenFor(customer.id)).toHaveLength(2);
  });
});
