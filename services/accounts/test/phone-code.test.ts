import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountPhoneMessages,
  accountPhonePath,
  phoneCodeConfirmPath,
  phoneCodeMessages,
  phoneCodePath,
  phoneCodeRequestedTopic,
  type Customer,
  type PhoneCodeRequested,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { addressesFrom, bearer, registerCustomer, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
let service: AccountsTestService;
const clock = testClock();

beforeAll(async () => {
  service = await startAccounts({ PASSWORD_RESET_EMAIL_MAX: '3', PASSWORD_RESET_CLIENT_MAX: '1000', PASSWORD_RESET_WINDOW_MINUTES: '15' }, clock);
});
afterAll(async () => {
  await service?.close();
});

const newAddress = addressesFrom(80);
/** A different textable number for each test, so the per-number bucket answers only where a test is about it. */
let numbers = 0;
const newPhone = () => `(904) 555-${String(2000 + (numbers += 1)).padStart(4, '0')}`;

const askForCode = (token: string, remoteAddress = newAddress()) => service.app.inject({ method: 'POST', url: phoneCodePath, headers: bearer(token), remoteAddress });
const confirm = (token: string, code: unknown) => service.app.inject({ method: 'POST', url: phoneCodeConfirmPath, headers: bearer(token), payload: { code }, remoteAddress: newAddress() });
const account = async (token: string) => (await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json() as Customer;
const changePhone = (token: string | null, payload: unknown) =>
  service.app.inject({ method: 'PUT', url: accountPhonePath, headers: token ? bearer(token) : {}, payload: payload as object, remoteAddress: newAddress() });
const published = () => publishedEffects<PhoneCodeRequested>(service.database, phoneCodeRequestedTopic);

/** Asks for a code (202) and answers the one the text will carry: the newest published for that number. */
async function codeFor(token: string, phone: string): Promise<string> {
  const response = await askForCode(token);
  expect(response.statusCode, response.body).toBe(202);
  return (await published()).filter((event) => event.phone === `+1${phone.replace(/\D/g, '')}`).at(-1)!.code;
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const refused = (message: string) => ({ error: { code: 'VALIDATION_ERROR', message, fields: { code: message } } });

describe('proving a phone with a texted code', () => {
  it('texts a code to the number on the account, keeping only its hash, and the right code proves the phone', async () => {
    const phone = newPhone();
    const { token, customer } = await registerCustomer(service, { phone });
    expect(customer.phoneVerified).toBe(false);
    const before = (await published()).length;

    const asked = await askForCode(token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: phoneCodeMessages.sent.replace('{phone}', phone.slice(-4)) });
    const sent = (await published()).slice(before);
    expect(sent).toEqual([
      { requestId: expect.any(String), phone: `+1${phone.replace(/\D/g, '')}`, code: expect.stringMatching(/^\d{6}$/), expiresAt: new Date(clock.now().getTime() + 10 * MINUTE).toISOString() },
    ]);
    const stored = await service.db.selectFrom('phone_codes').selectAll().where('customer_id', '=', customer.id).execute();
    expect(stored).toEqual([expect.objectContaining({ request_id: sent[0]!.requestId, code_hash: createHash('sha256').update(`${customer.id}:${sent[0]!.code}`).digest('hex'), tries: 0 })]);

    const proven = await confirm(token, ` ${sent[0]!.code} `);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toEqual({ message: phoneCodeMessages.proven });
    expect((await account(token)).phoneVerified).toBe(true);
    expect(await service.db.selectFrom('phone_codes').selectAll().where('customer_id', '=', customer.id).execute()).toEqual([]);

    // Used once; a proven phone needs no code.
    expect((await confirm(token, sent[0]!.code)).json()).toEqual(refused(phoneCodeMessages.noCode));
    const again = await askForCode(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(phoneCodeMessages.alreadyProven);
  });

  it('links the account to the imported record with that number only once the code proves it', async () => {
    const phone = newPhone();
    await service.db
      .insertInto('service_pro_customers')
      .values({ service_pro_id: `SP-PHONE-${numbers}`, first_name: 'Ruth', last_name: 'Alvarez', email: null, phone, address: '9 Bridge St', city: 'St Augustine', state: 'FL', zip_code: '32084', last_service_date: '2026-10-02', preferred_technician: null, notes: null })
      .execute();
    const { token } = await registerCustomer(service, { phone, email: `phone-owner${numbers}@example.com` });
    // A typed number is a claim: registering with it links nothing (the email proof links only a record with that email).
    expect((await account(token)).serviceProCustomerId).toBeNull();

    const code = await codeFor(token, phone);
    expect((await confirm(token, code)).statusCode).toBe(200);
    expect((await account(token)).serviceProCustomerId).toBe(`SP-PHONE-${numbers}`);
  });

  it('counts wrong codes and keeps the count: after the fifth, even the right code is refused until a new one is asked for', async () => {
    const phone = newPhone();
    const { token } = await registerCustomer(service, { phone });
    const code = await codeFor(token, phone);
    const wrong = otherThan(code);
    const answers = [];
    for (let tries = 0; tries < 5; tries += 1) answers.push((await confirm(token, wrong)).json());
    expect(answers).toEqual([
      refused(phoneCodeMessages.wrong.replace('{tries}', '4 tries')),
      refused(phoneCodeMessages.wrong.replace('{tries}', '3 tries')),
      refused(phoneCodeMessages.wrong.replace('{tries}', '2 tries')),
      refused(phoneCodeMessages.wrong.replace('{tries}', '1 try')),
      refused(phoneCodeMessages.triesUsed),
    ]);
    expect((await confirm(token, code)).json()).toEqual(refused(phoneCodeMessages.triesUsed));
    expect((await account(token)).phoneVerified).toBe(false);

    // A new code starts the tries again, and the old code no longer works.
    const fresh = await codeFor(token, phone);
    if (fresh !== code) expect((await confirm(token, code)).json()).toEqual(refused(phoneCodeMessages.wrong.replace('{tries}', '4 tries')));
    expect((await confirm(token, fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code, and a code typed twice at once proves the phone once', async () => {
    const phone = newPhone();
    const { token } = await registerCustomer(service, { phone });
    const late = await codeFor(token, phone);
    clock.advance(10 * MINUTE);
    expect((await confirm(token, late)).json()).toEqual(refused(phoneCodeMessages.expired));

    const code = await codeFor(token, phone);
    const both = await Promise.all([confirm(token, code), confirm(token, code)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('says a number that cannot take a text cannot, and checks the session before the code', async () => {
    const { token } = await registerCustomer(service, { phone: '555-0100' });
    const asked = await askForCode(token);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toBe(phoneCodeMessages.notTextable);

    expect((await service.app.inject({ method: 'POST', url: phoneCodePath, remoteAddress: newAddress() })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'POST', url: phoneCodeConfirmPath, payload: { code: 'x' }, remoteAddress: newAddress() })).statusCode).toBe(401);
    const staff = service.bearer({ sub: 'staff:9', role: 'staff' });
    expect((await service.app.inject({ method: 'POST', url: phoneCodePath, headers: { authorization: staff }, remoteAddress: newAddress() })).statusCode).toBe(403);
    for (const code of ['12345', '1234567', 'abcdef', 123456, null]) {
      expect((await confirm(token, code)).json(), String(code)).toEqual(refused(phoneCodeMessages.invalid));
    }
  });

  it('stops texting one number past its limit, whichever account asks', async () => {
    const phone = newPhone();
    const first = await registerCustomer(service, { phone });
    const second = await registerCustomer(service, { phone });
    const answers = [];
    for (const { token } of [first, first, second, second]) answers.push(await askForCode(token));
    expect(answers.map((response) => response.statusCode)).toEqual([202, 202, 202, 429]);
    expect(answers[3]!.json().error.message).toMatch(/^Too many codes asked for\. Please try again in \d+ minutes/);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('changing the phone on the account', () => {
  // Three codes in all (the account's limit in this file).
  it('keeps a new number unproven, drops the code sent to the old one, and links nothing until the new one is proven', async () => {
    const [old, next] = [newPhone(), newPhone()];
    await service.db
      .insertInto('service_pro_customers')
      .values({ service_pro_id: `SP-NEXT-${numbers}`, first_name: 'Ines', last_name: 'Park', email: null, phone: next, address: '3 Cuna St', city: 'St Augustine', state: 'FL', zip_code: '32084', last_service_date: '2026-09-12', preferred_technician: null, notes: null })
      .execute();
    const { token } = await registerCustomer(service, { phone: old });
    const proof = await codeFor(token, old);
    expect((await confirm(token, proof)).statusCode).toBe(200);
    expect((await account(token)).phoneVerified).toBe(true);

    // The same digits typed another way change nothing and keep the proof.
    const same = await changePhone(token, { phone: `+1 ${old.replace(/\D/g, '').replace(/(\d{3})(\d{3})(\d{4})/, '$1.$2.$3')}` });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ message: accountPhoneMessages.unchanged, customer: expect.objectContaining({ phone: old, phoneVerified: true }) });

    const changed = await changePhone(token, { phone: ` ${next} ` });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: accountPhoneMessages.changed, customer: expect.objectContaining({ phone: next, phoneVerified: false, serviceProCustomerId: null }) });
    expect(await account(token)).toEqual(changed.json().customer);

    // A code asked for the new number, then the number changed again: that code proves nothing.
    const forNext = await codeFor(token, next);
    expect((await changePhone(token, { phone: old })).json().customer).toMatchObject({ phone: old, phoneVerified: false });
    expect((await confirm(token, forNext)).json()).toEqual(refused(phoneCodeMessages.noCode));
    expect((await account(token)).serviceProCustomerId).toBeNull();

    // Back to the new number and proven by its own code: now the record kept under it is linked.
    await changePhone(token, { phone: next });
    expect((await confirm(token, await codeFor(token, next))).statusCode).toBe(200);
    expect(await account(token)).toMatchObject({ phone: next, phoneVerified: true, serviceProCustomerId: `SP-NEXT-${numbers}` });
  });

  it('names the field for a number that is not one, and checks the session before the body', async () => {
    const { token, customer } = await registerCustomer(service, { phone: newPhone() });
    for (const phone of ['', '12', '+44 20 7946 0958', 'x'.repeat(41), 9045550123, null]) {
      const answer = await changePhone(token, { phone });
      expect(answer.statusCode, String(phone)).toBe(400);
      expect(Object.keys(answer.json().error.fields), String(phone)).toEqual(['phone']);
    }
    expect((await changePhone(token, {})).json().error.fields).toEqual({ phone: 'Phone number is required' });
    expect((await account(token)).phone).toBe(customer.phone);

    expect((await changePhone(null, { phone: 'not a number' })).statusCode).toBe(401);
    const staff = service.bearer({ sub: 'staff:9', role: 'staff' });
    const asStaff = await service.app.inject({ method: 'PUT', url: accountPhonePath, headers: { authorization: staff }, payload: { phone: '' }, remoteAddress: newAddress() });
    expect(asStaff.statusCode).toBe(403);
  });
});
