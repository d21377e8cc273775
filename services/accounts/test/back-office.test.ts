import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMessages,
  backOfficeLogoutPath,
  localAppOrigin,
  backOfficeSessionPath,
  currentSessionPath,
  sessionCookieName,
  staffSessionCookieName,
  technicianAccountMessages,
  technicianAccountsPath,
  technicianChangedTopic,
} from '@repo/contracts';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { admin, bearer, claimsOf, ended, registerCustomer, signInBackOffice, startAccounts, testClock, type AccountsTestService } from './support/accounts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let service: AccountsTestService;
const clock = testClock();
const { advance } = clock;
const allowedOrigin = localAppOrigin('backoffice');

beforeAll(async () => {
  // COOKIE_DOMAIN is set for the customer cookie: the back office's cookie must never take it.
  service = await startAccounts({ COOKIE_SECURE: 'true', COOKIE_DOMAIN: 'example.com' }, clock);
});
afterAll(async () => {
  await service?.close();
});

type Cookies = Partial<Record<typeof sessionCookieName | typeof staffSessionCookieName, string>>;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: object; headers?: Record<string, string>; cookies?: Cookies } = {}) =>
  service.app.inject({ method, url, payload: options.payload, headers: options.headers, cookies: options.cookies });
const signIn = (credentials: { email: string; password: string }) => signInBackOffice(service, credentials);

/** A staff member's bearer header (the kit's test session), for the calls that manage technician sign-ins. */
const staff = () => ({ authorization: service.bearer({ sub: 'staff:900', role: 'staff' }) });

let technicians = 0;
/** A new technician sign-in made by staff; each gets its own technician id and email. */
async function newTechnician(password = 'wrench-harbor-42') {
  technicians += 1;
  const account = { technicianId: `tech_${technicians}`, name: `Technician ${technicians}`, email: `tech${technicians}@example.com`, password };
  const response = await inject('POST', technicianAccountsPath, { headers: staff(), payload: account });
  expect(response.statusCode).toBe(201);
  return { ...account, id: response.json().id as number };
}

describe('back-office sign-in', () => {
  it('sets the httpOnly, Lax, Secure, host-only staff_session cookie and answers the token with who signed in', async () => {
    const response = await inject('POST', '/api/admin/login', { payload: { ...admin, email: 'OWNER@example.com' } });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user).toEqual({ id: expect.any(Number), name: 'Administrator', email: admin.email, role: 'admin', technicianId: null });
    expect(response.cookies).toEqual([
      { name: staffSessionCookieName, value: token, httpOnly: true, sameSite: 'Lax', secure: true, path: '/', maxAge: 24 * 3600 },
    ]);
    expect(response.headers['set-cookie']).not.toMatch(/domain/i);
    expect(claimsOf(token)).toMatchObject({ role: 'admin', email: admin.email });
    expect(claimsOf(token)).not.toHaveProperty('technicianId');
  });

  it('lets the cookie alone reach back-office calls', async () => {
    const { token } = await signIn(admin);
    const customers = await inject('GET', '/api/admin/customers', { cookies: { staff_session: token } });
    expect(customers.statusCode).toBe(200);
    expect(customers.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  it('refuses bad credentials with Invalid credentials and sets no cookie', async () => {
    const response = await inject('POST', '/api/admin/login', { payload: { ...admin, password: 'not-the-password' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } });
    expect(response.cookies).toEqual([]);
  });
});

describe(`GET ${backOfficeSessionPath}`, () => {
  it('answers nobody with 200 and no user', async () => {
    const response = await inject('GET', backOfficeSessionPath);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('answers the signed-in staff member by cookie or bearer, and a customer with no user', async () => {
    const { token, user } = await signIn(admin);
    for (const response of [await inject('GET', backOfficeSessionPath, { cookies: { staff_session: token } }), await inject('GET', backOfficeSessionPath, { headers: bearer(token) })]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user });
      expect(response.body).not.toMatch(/argon2|password|hash/i);
    }
    const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
    expect((await inject('GET', backOfficeSessionPath, { headers: { authorization: customer } })).json()).toEqual({ user: null });
  });

  it('reads the back-office cookie before a customer cookie, and the customer session call still answers no customer for it', async () => {
    const { token, user } = await signIn(admin);
    const customerToken = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 }).slice('Bearer '.length);
    const both = { staff_session: token, session: customerToken };
    expect((await inject('GET', backOfficeSessionPath, { cookies: both })).json()).toEqual({ user });
    expect((await inject('GET', currentSessionPath, { cookies: { staff_session: token } })).json()).toEqual({ customer: null });
  });

  it('answers a logged-out cookie as nobody', async () => {
    const { token } = await signIn(admin);
    expect((await inject('POST', backOfficeLogoutPath, { headers: bearer(token) })).statusCode).toBe(200);
    const response = await inject('GET', backOfficeSessionPath, { cookies: { staff_session: token } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });
});

describe(`POST ${backOfficeLogoutPath}`, () => {
  it('ends the session so the cookie and any copy of the token stop working, and clears the host-only cookie', async () => {
    const { token } = await signIn(admin);
    const other = await signIn(admin);
    const response = await inject('POST', backOfficeLogoutPath, { cookies: { staff_session: token }, headers: { origin: allowedOrigin } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    const cleared = response.cookies.find((c) => c.name === staffSessionCookieName);
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
    expect(cleared).not.toHaveProperty('domain');
    expect(response.cookies.find((c) => c.name === sessionCookieName)).toBeUndefined();

    expect((await inject('GET', '/api/admin/customers', { cookies: { staff_session: token } })).json()).toEqual(ended);
    expect((await inject('GET', '/api/admin/customers', { headers: bearer(token) })).json()).toEqual(ended);
    expect((await inject('GET', '/api/admin/customers', { headers: bearer(other.token) })).statusCode).toBe(200);
  });

  it('answers 200 with nothing to end, and refuses a cookie-authenticated logout from another site', async () => {
    const nothing = await inject('POST', backOfficeLogoutPath);
    expect(nothing.json()).toEqual({ message: 'Logged out' });
    expect(nothing.headers['clear-site-data']).toBe('"cache", "storage"');
    const { token } = await signIn(admin);
    const foreign = await inject('POST', backOfficeLogoutPath, { cookies: { staff_session: token }, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/customers', { cookies: { staff_session: token } })).statusCode).toBe(200);
  });

  it('leaves a customer session alone, and customer logout leaves the back-office session alone', async () => {
    await registerCustomer(service, { email: 'both@example.com' });
    const customerToken = (await inject('POST', '/api/auth/login', { payload: { email: 'both@example.com', password: 'kettle-harbor-42' } })).json().token as string;
    const staffToken = (await signIn(admin)).token;
    const both = { staff_session: staffToken, session: customerToken };

    const customerLogout = await inject('POST', '/api/auth/logout', { cookies: both, headers: { origin: allowedOrigin } });
    expect(customerLogout.cookies.map((c) => c.name)).toEqual([sessionCookieName]);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(customerToken) })).json()).toEqual(ended);
    expect((await inject('GET', backOfficeSessionPath, { headers: bearer(staffToken) })).json().user).toMatchObject({ role: 'admin' });

    const secondCustomer = (await inject('POST', '/api/auth/login', { payload: { email: 'both@example.com', password: 'kettle-harbor-42' } })).json().token as string;
    await inject('POST', backOfficeLogoutPath, { cookies: { staff_session: staffToken, session: secondCustomer }, headers: { origin: allowedOrigin } });
    expect((await inject('GET', backOfficeSessionPath, { headers: bearer(staffToken) })).json()).toEqual(ended);
    expect((await inject('GET', '/api/auth/user', { headers: bearer(secondCustomer) })).statusCode).toBe(200);
  });
});

describe('technician sign-ins', () => {
  it('are made by staff, listed, and sign a technician in with their technician id in the token', async () => {
    const technician = await newTechnician();
    const list = await inject('GET', technicianAccountsPath, { headers: staff() });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ id: technician.id, technicianId: technician.technicianId, name: technician.name, email: technician.email, createdAt: expect.any(String) });
    expect(list.body).not.toMatch(/argon2|password|hash/i);

    const { token, user, cookie } = await signIn({ email: technician.email.toUpperCase(), password: technician.password });
    expect(user).toEqual({ id: technician.id, name: technician.name, email: technician.email, role: 'technician', technicianId: technician.technicianId });
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/', maxAge: 24 * 3600 });
    expect(claimsOf(token)).toMatchObject({ sub: `staff:${technician.id}`, role: 'technician', technicianId: technician.technicianId, email: technician.email });
    const stored = await service.db.selectFrom('sessions').select(['kind', 'role', 'subject_id']).where('id', '=', claimsOf(token).sid as string).executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'staff', role: 'technician', subject_id: technician.id });
    expect((await inject('GET', backOfficeSessionPath, { cookies: { staff_session: token } })).json()).toEqual({ user });
  });

  it('are refused while tracking says the technician is deactivated, ending their sessions; and work again once reactivated', async () => {
    const technician = await newTechnician();
    const { token } = await signIn(technician);
    const session = () => inject('GET', '/api/auth/session', { headers: bearer(token) });
    expect((await session()).statusCode).toBe(200);
    const changed = (active: boolean, version: number) =>
      injectEffect(service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id: technician.technicianId, name: technician.name, status: 'offline', version, active }, messageId: randomUUID() });

    expect((await changed(false, 5)).json()).toMatchObject({ status: 'applied' });
    expect((await session()).json()).toEqual(ended);
    const refused = await inject('POST', '/api/admin/login', { payload: { email: technician.email, password: technician.password } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: technicianAccountMessages.deactivated } });
    // A wrong password learns nothing of it.
    expect((await inject('POST', '/api/admin/login', { payload: { email: technician.email, password: 'not-the-password-1' } })).statusCode).toBe(401);

    // An older snapshot arriving late changes nothing; a newer one reactivates.
    expect((await changed(true, 4)).json()).toMatchObject({ status: 'applied' });
    expect((await inject('POST', '/api/admin/login', { payload: { email: technician.email, password: technician.password } })).statusCode).toBe(403);
    expect((await changed(true, 6)).json()).toMatchObject({ status: 'applied' });
    expect((await signIn(technician)).user).toMatchObject({ role: 'technician', technicianId: technician.technicianId });

    // Only tracking may say it.
    const fromBooking = await injectEffect(service.app, { from: 'booking', topic: technicianChangedTopic, payload: { id: technician.technicianId, name: 'X', status: 'offline', version: 9, active: false } });
    expectApiError(fromBooking, 403, 'FORBIDDEN');
  });

  it('follow the staff session policy: 8 idle hours', async () => {
    const technician = await newTechnician();
    const { token } = await signIn(technician);
    const session = () => inject('GET', '/api/auth/session', { headers: bearer(token) });
    advance(8 * HOUR - MINUTE);
    expect((await session()).statusCode).toBe(200);
    advance(8 * HOUR);
    expect((await session()).json()).toEqual(ended);
  });

  it('refuses a technician every staff and customer call with 403', async () => {
    const technician = await newTechnician();
    const { token } = await signIn(technician);
    const asTechnician = { staff_session: token };
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: object][] = [
      ['GET', '/api/admin/customers'],
      ['GET', '/api/admin/servicepro-customers'],
      ['GET', '/api/deliveries/accounts'],
      ['GET', technicianAccountsPath],
      ['POST', technicianAccountsPath, { technicianId: 'tech_x', name: 'X', email: 'x@example.com', password: 'wrench-harbor-42' }],
      ['PUT', `${technicianAccountsPath}/${technician.technicianId}/password`, { password: 'wrench-harbor-43' }],
      ['GET', '/api/auth/user'],
      ['PUT', '/api/auth/password', { currentPassword: technician.password, newPassword: 'lantern-meadow-77', confirmPassword: 'lantern-meadow-77' }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await inject(method, url, { cookies: asTechnician, payload, headers: { origin: allowedOrigin } });
      expect({ url, status: response.statusCode, code: response.json().error?.code }).toEqual({ url, status: 403, code: 'FORBIDDEN' });
    }
    expect((await inject('POST', '/api/admin/login', { payload: technician })).statusCode).toBe(200);
  });

  it('are managed by staff and administrators only, checked before the body is read', async () => {
    const customer = { authorization: service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 }) };
    const anonymous = await inject('POST', technicianAccountsPath, { payload: {} });
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
    expect((await inject('POST', technicianAccountsPath, { headers: customer, payload: {} })).statusCode).toBe(403);
    expect((await inject('GET', technicianAccountsPath, { headers: customer })).statusCode).toBe(403);
    expect((await inject('PUT', `${technicianAccountsPath}/tech_1/password`, { payload: {} })).statusCode).toBe(401);
    const { token } = await signIn(admin);
    expect((await inject('GET', technicianAccountsPath, { headers: bearer(token) })).statusCode).toBe(200);
  });

  it('give the schema messages for bad input, ask the same 12 characters as staff, and refuse common passwords', async () => {
    const empty = await inject('POST', technicianAccountsPath, { headers: staff(), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      technicianId: 'Technician is required',
      name: 'Name is required',
      email: 'Valid email is required',
      password: 'Password must be at least 12 characters',
    });
    const short = await inject('POST', technicianAccountsPath, { headers: staff(), payload: { technicianId: 'tech_short', name: 'S', email: 'short@example.com', password: 'wrench-42' } });
    expect(short.json().error.fields).toEqual({ password: 'Password must be at least 12 characters' });
    const common = await inject('POST', technicianAccountsPath, { headers: staff(), payload: { technicianId: 'tech_common', name: 'C', email: 'common@example.com', password: 'password1234' } });
    expect(common.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: authMessages.commonPassword, fields: { password: authMessages.commonPassword } } });
    const reset = await inject('PUT', `${technicianAccountsPath}/tech_common/password`, { headers: staff(), payload: { password: '123' } });
    expect(reset.json().error.fields).toEqual({ password: 'Password must be at least 12 characters' });
  });

  it('answer 409 for an email any back-office account has (any letter case) and for a technician who has one', async () => {
    const technician = await newTechnician();
    const another = { technicianId: 'tech_other', name: 'Other', password: 'wrench-harbor-42' };
    for (const email of [technician.email.toUpperCase(), 'Owner@Example.com']) {
      const response = await inject('POST', technicianAccountsPath, { headers: staff(), payload: { ...another, email } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: technicianAccountMessages.emailTaken, fields: { email: technicianAccountMessages.emailTaken } } });
    }
    const again = await inject('POST', technicianAccountsPath, { headers: staff(), payload: { ...another, technicianId: technician.technicianId, email: 'fresh@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: technicianAccountMessages.technicianHasAccount, fields: { technicianId: technicianAccountMessages.technicianHasAccount } } });
    const rows = await service.db.selectFrom('staff_users').select('email').where('technician_id', 'in', [technician.technicianId, 'tech_other']).execute();
    expect(rows).toEqual([{ email: technician.email }]);
  });

  it('take a new password from staff, which ends every session of that technician', async () => {
    const technician = await newTechnician();
    const phone = await signIn(technician);
    const tablet = await signIn(technician);
    const newPassword = 'lantern-meadow-77';
    const response = await inject('PUT', `${technicianAccountsPath}/${technician.technicianId}/password`, { headers: staff(), payload: { password: newPassword } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: technician.id, technicianId: technician.technicianId, email: technician.email });
    expect((await inject('GET', backOfficeSessionPath, { headers: bearer(phone.token) })).json()).toEqual(ended);
    expect((await inject('GET', backOfficeSessionPath, { cookies: { staff_session: tablet.token } })).json()).toEqual({ user: null });
    expect((await inject('POST', '/api/admin/login', { payload: technician })).statusCode).toBe(401);
    expect((await signIn({ email: technician.email, password: newPassword })).user).toMatchObject({ role: 'technician' });
  });

  it('answer 404 with a message when the technician has no sign-in yet', async () => {
    const response = await inject('PUT', `${technicianAccountsPath}/tech_nobody/password`, { headers: staff(), payload: { password: 'lantern-meadow-77' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: technicianAccountMessages.notFound } });
  });
});
