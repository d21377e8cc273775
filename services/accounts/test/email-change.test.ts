import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEmailConfirmPath,
  accountEmailPath,
  authMessages,
  customerEmailProvenTopic,
  emailChangeMessages,
  emailChangeTopic,
  sessionCookieName,
  type Customer,
  type CustomerEmailProven,
  type EmailChange,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { addressesFrom, bearer, claimsOf, ended, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
let service: AccountsTestService;
const clock = testClock();

beforeAll(async () => {
  service = await startAccounts(
    { PASSWORD_RESET_EMAIL_MAX: '3', PASSWORD_RESET_CLIENT_MAX: '1000', PASSWORD_RESET_WINDOW_MINUTES: '15', LOGIN_RATE_LIMIT_MAX: '1000', LOGIN_ACCOUNT_MAX_FAILURES: '3' },
    clock,
  );
});
afterAll(async () => {
  await service?.close();
});

const newAddress = addressesFrom(90);
let addresses = 0;
const newEmail = () => `moved${(addresses += 1)}@example.com`;

const askToChange = (token: string | null, payload: unknown, remoteAddress = newAddress()) =>
  service.app.inject({ method: 'PUT', url: accountEmailPath, headers: token ? bearer(token) : {}, payload: payload as object, remoteAddress });
const confirm = (payload: unknown, remoteAddress = newAddress()) => service.app.inject({ method: 'POST', url: accountEmailConfirmPath, payload: payload as object, remoteAddress });
const account = (token: string) => service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
const logIn = (email: string, password: string) => service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress() });

const published = () => publishedEffects<EmailChange>(service.database, emailChangeTopic);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const refused = (field: string, message: string) => ({ error: { code: 'VALIDATION_ERROR', message, fields: { [field]: message } } });

/** Asks to move the account to `email` (202) and answers the token the proof email carries. */
async function linkFor(token: string, password: string, email: string): Promise<string> {
  const response = await askToChange(token, { email, password });
  expect(response.statusCode, response.body).toBe(202);
  const proof = (await published()).filter((effect) => effect.purpose === 'proof' && effect.email === email).at(-1);
  return (proof as Extract<EmailChange, { purpose: 'proof' }>).token;
}

describe('asking to change the email', () => {
  it('is for a signed-in customer, asked before the body is read', async () => {
    expect((await askToChange(null, { nonsense: true })).statusCode).toBe(401);
    expect((await confirm({})).statusCode).toBe(400);
  });

  it('refuses bad input and a wrong password beside the field, changing nothing', async () => {
    const { token, email } = await registerCustomer(service);
    expect((await askToChange(token, { email: 'not-an-email', password: 'x' })).json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', fields: { email: 'Valid email is required' } } });
    expect((await askToChange(token, { email: newEmail() })).json()).toMatchObject({ error: { fields: { password: emailChangeMessages.passwordRequired } } });
    const before = (await published()).length;
    const wrong = await askToChange(token, { email: newEmail(), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(refused('password', emailChangeMessages.wrongPassword));
    expect(await published()).toHaveLength(before);
    expect(((await account(token)).json() as Customer).email).toBe(email);
  });

  it('emails a link to the new address, keeping only its hash; the account keeps its email until the link is used', async () => {
    const { token, email, password, customer } = await registerCustomer(service, { firstName: 'Ines', lastName: 'Park' });
    const target = newEmail();
    const before = (await published()).length;
    const response = await askToChange(token, { email: target, password });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ message: emailChangeMessages.sent.replace('{email}', target) });
    const sent = (await published()).slice(before);
    expect(sent).toEqual([
      { purpose: 'proof', requestId: expect.any(String), email: target, customerName: 'Ines Park', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() },
    ]);
    const rows = await service.db.selectFrom('email_changes').selectAll().where('customer_id', '=', customer.id).execute();
    expect(rows).toEqual([expect.objectContaining({ new_email: target, token_hash: sha256((sent[0] as { token: string }).token), used_at: null })]);
    expect(JSON.stringify(rows)).not.toContain((sent[0] as { token: string }).token);
    expect(((await account(token)).json() as Customer).email).toBe(email);
  });

  it('answers an address another account has as any other, and tells that account\'s owner instead of sending a link', async () => {
    const other = await registerCustomer(service, { firstName: 'Olu', lastName: 'Ade' });
    const { token, password, customer } = await registerCustomer(service);
    const before = (await published()).length;
    const taken = await askToChange(token, { email: other.email.toUpperCase(), password });
    const free = await askToChange(token, { email: newEmail(), password });
    expect([taken.statusCode, free.statusCode]).toEqual([202, 202]);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());
    expect(taken.json()).toEqual({ message: emailChangeMessages.sent.replace('{email}', other.email.toUpperCase()) });
    const sent = (await published()).slice(before);
    expect(sent[0]).toEqual({ purpose: 'attempt', requestId: expect.any(String), email: other.email, customerName: 'Olu Ade' });
    expect(sent[1]).toMatchObject({ purpose: 'proof' });
    // Only the free address waits for its link.
    const rows = await service.db.selectFrom('email_changes').select('new_email').where('customer_id', '=', customer.id).execute();
    expect(rows.map((row) => row.new_email)).not.toContain(other.email.toUpperCase());
  });

  it('changes nothing for the same email in another letter case', async () => {
    const { token, email, password } = await registerCustomer(service);
    const before = (await published()).length;
    const response = await askToChange(token, { email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: emailChangeMessages.unchanged });
    expect(await published()).toHaveLength(before);
  });

  it('is throttled per account and per new address', async () => {
    const { token, password } = await registerCustomer(service);
    const answers = [];
    for (let asked = 0; asked < 4; asked += 1) answers.push((await askToChange(token, { email: newEmail(), password })).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);

    const target = newEmail();
    const others = [await registerCustomer(service), await registerCustomer(service), await registerCustomer(service), await registerCustomer(service)];
    const perAddress = [];
    for (const other of others) perAddress.push(await askToChange(other.token, { email: target, password: other.password }));
    expect(perAddress.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 429]);
    expect(perAddress[3]!.headers['retry-after']).toMatch(/^\d+$/);
    expect(perAddress[3]!.json().error.message).toMatch(/^Too many email changes asked for\. Please try again in \d+ minutes/);
  });
});

describe('confirming the change with the emailed link', () => {
  it('needs the account password as well: a wrong one is refused beside it and leaves the link usable', async () => {
    const { token, password } = await registerCustomer(service);
    const link = await linkFor(token, password, newEmail());
    expect((await confirm({ token: link, password: 'a-stranger-guess' })).json()).toEqual(refused('password', emailChangeMessages.wrongPassword));
    expect((await confirm({ token: link, password })).statusCode).toBe(200);
  });

  it('moves the account to the proven email, ends every session and signs this browser in with the new email', async () => {
    const { token, email, password, customer } = await registerCustomer(service, { firstName: 'Mara', lastName: 'Voss' });
    const elsewhere = (await logIn(email, password)).json().token as string;
    const target = newEmail();
    const link = await linkFor(token, password, target);
    const provenBefore = (await publishedEffects<CustomerEmailProven>(service.database, customerEmailProvenTopic)).length;
    const before = (await published()).length;

    const confirmed = await confirm({ token: link, password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ token: expect.any(String), message: emailChangeMessages.completed.replace('{email}', target) });
    const fresh = confirmed.json().token as string;
    expect(claimsOf(fresh)).toMatchObject({ email: target, emailVerified: true, customerId: customer.id });
    expect(String(confirmed.headers['set-cookie'])).toContain(`${sessionCookieName}=`);

    expect((await account(token)).json()).toEqual(ended);
    expect((await account(elsewhere)).json()).toEqual(ended);
    expect((await account(fresh)).json()).toMatchObject({ email: target, emailVerified: true });
    expect((await logIn(email, password)).json()).toMatchObject({ error: { message: authMessages.invalidCredentials } });
    expect((await logIn(target, password)).statusCode).toBe(200);

    expect((await published()).slice(before)).toEqual([{ purpose: 'changed', requestId: expect.any(String), email, newEmail: target, customerName: 'Mara Voss' }]);
    // Booking hears the new proven email, and gives the account what was booked under it without one.
    const proven = (await publishedEffects<CustomerEmailProven>(service.database, customerEmailProvenTopic)).slice(provenBefore);
    expect(proven).toContainEqual({ customerId: customer.id, email: target });

    expect((await confirm({ token: link, password })).json()).toEqual(refused('token', emailChangeMessages.usedLink));
  });

  it('links the record kept under the new email once it is proven', async () => {
    const target = newEmail();
    await service.db
      .insertInto('service_pro_customers')
      .values({ service_pro_id: `SP-MOVED-${addresses}`, first_name: 'Lena', last_name: 'Holt', email: target, phone: '(904) 555-7711', address: '4 Cordova St', city: 'St Augustine', state: 'FL', zip_code: '32084', last_service_date: '2026-09-12', preferred_technician: null, notes: null })
      .execute();
    const { token, password } = await registerCustomer(service);
    const link = await linkFor(token, password, target);
    expect(((await account(token)).json() as Customer).serviceProCustomerId).toBeNull();
    const fresh = (await confirm({ token: link, password })).json().token as string;
    expect(((await account(fresh)).json() as Customer).serviceProCustomerId).toBe(`SP-MOVED-${addresses}`);
  });

  it('refuses a replaced, an expired, an unknown and a cut-short link by name', async () => {
    const { token, password } = await registerCustomer(service);
    const first = await linkFor(token, password, newEmail());
    const second = await linkFor(token, password, newEmail());
    expect((await confirm({ token: first, password })).json()).toEqual(refused('token', emailChangeMessages.replacedLink));
    clock.advance(31 * MINUTE);
    expect((await confirm({ token: second, password })).json()).toEqual(refused('token', emailChangeMessages.expiredLink));
    expect((await confirm({ token: 'A'.repeat(43), password })).json()).toEqual(refused('token', emailChangeMessages.unknownLink));
    expect((await confirm({ token: second.slice(0, 20), password })).json()).toEqual(refused('token', emailChangeMessages.incompleteLink));
  });

  it('answers 409 when another account took the address after the link was sent, and the link stays unused', async () => {
    const { token, password, email } = await registerCustomer(service);
    const target = newEmail();
    const link = await linkFor(token, password, target);
    await registerCustomer(service, { email: target });
    const taken = await confirm({ token: link, password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { message: emailChangeMessages.emailTaken, fields: { token: emailChangeMessages.emailTaken } } });
    expect(((await account(token)).json() as Customer).email).toBe(email);
  });

  it('lets one of two confirmations at once through', async () => {
    const { token, password } = await registerCustomer(service);
    const link = await linkFor(token, password, newEmail());
    const answers = await Promise.all([confirm({ token: link, password }), confirm({ token: link, password })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});
