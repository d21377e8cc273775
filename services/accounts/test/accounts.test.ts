import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, confirmEmailPath, registrationCheckEmail } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';
import { confirmationToken } from './support/accounts.ts';

let service: TestService<AccountsDatabase>;
const admin = { email: 'owner@example.com', password: 'a-long-admin-password' };

beforeAll(async () => {
  service = await createTestService(accountsService, {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOGIN_RATE_LIMIT_MAX: '1000',
    REGISTRATION_CLIENT_MAX: '1000',
  });
});
afterAll(async () => {
  await service?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => service.app.inject({ method: 'POST', url, payload, headers });
const newCustomer = {
  firstName: 'Avery',
  lastName: 'Cole',
  email: 'Avery.Cole@example.com',
  phone: '(904) 555-0199',
  address: '5 Marine St',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
};

describe('registration', () => {
  it('creates an account once the emailed link is opened', async () => {
    const response = await post('/api/auth/register', newCustomer);
    expect(response.statusCode).toBe(202);
    expect(JSON.stringify(response.json())).not.toContain('password');
    const confirmed = await post(confirmEmailPath, { token: await confirmationToken(service, newCustomer.email), password: newCustomer.password });
    expect(confirmed.statusCode).toBe(200);
    const account = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${confirmed.json().token}` } });
    expect(account.json()).toMatchObject({ firstName: 'Avery', email: 'Avery.Cole@example.com', isAdmin: false, emailVerified: true });
    expect(JSON.stringify(account.json())).not.toContain('password');
    const stored = await service.db.selectFrom('customers').select('password_hash').where('email', '=', newCustomer.email).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers the same email in another letter case as any other and keeps the first account', async () => {
    const response = await post('/api/auth/register', { ...newCustomer, email: 'avery.cole@EXAMPLE.com', firstName: 'Mallory' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: registrationCheckEmail('avery.cole@EXAMPLE.com') });
    const rows = await service.db.selectFrom('customers').select('first_name').execute();
    expect(rows.map((row) => row.first_name)).toEqual(['Avery']);
  });

  it('gives a message per field for bad input', async () => {
    const response = await post('/api/auth/register', { email: 'x', password: '123', confirmPassword: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Password confirmation is required',
    });
    const mismatch = await post('/api/auth/register', { ...newCustomer, email: 'other@example.com', confirmPassword: 'different-pass' });
    expect(mismatch.json().error.fields.confirmPassword).toBe("Passwords don't match");
  });

  it('refuses the most common passwords in any letter case, next to the password field', async () => {
    for (const password of ['password', 'PassWord', 'iloveyou', '123456789']) {
      const response = await post('/api/auth/register', { ...newCustomer, email: `common.${password}@example.com`, password, confirmPassword: password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: authMessages.commonPassword, fields: { password: authMessages.commonPassword } } });
    }
    const accepted = await post('/api/auth/register', { ...newCustomer, email: 'common@example.com', address: undefined, password: 'kettle-harbor-42', confirmPassword: 'kettle-harbor-42' });
    expect(accepted.statusCode).toBe(202);
    expect((await post(confirmEmailPath, { token: await confirmationToken(service, 'common@example.com'), password: 'kettle-harbor-42' })).statusCode).toBe(200);
    const stored = await service.db.selectFrom('customers').select('address').where('email', '=', 'common@example.com').executeTakeFirstOrThrow();
    expect(stored.address).toBeNull();
  });
});

describe('login and session', () => {
  it('signs a customer in with a token and an httpOnly cookie, and knows them afterwards', async () => {
    const response = await post('/api/auth/login', { email: 'avery.cole@example.com', password: 'secret-pass' });
    expect(response.statusCode).toBe(200);
    const { token, message } = response.json();
    expect(message).toBe('Login successful');
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const byBearer = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.json()).toMatchObject({ firstName: 'Avery', lastLogin: expect.any(String) });
    const byCookie = await service.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { session: cookie!.value } });
    expect(byCookie.statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown email with the same 401', async () => {
    const wrong = await post('/api/auth/login', { email: 'avery.cole@example.com', password: 'wrong-pass' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: authMessages.invalidCredentials } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 401 without a session and for a tampered token', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('UNAUTHORIZED');
  });

  it('clears the cookie on logout, and tells the browser to drop the origin\'s cache and storage', async () => {
    const response = await post('/api/auth/logout', {});
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
  });

  it('refuses a cookie-authenticated state change from another site', async () => {
    const login = await post('/api/auth/login', { email: 'avery.cole@example.com', password: 'secret-pass' });
    const cookie = login.cookies.find((c) => c.name === 'session')!.value;
    const crossSite = await service.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { session: cookie }, headers: { origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await service.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { session: cookie }, headers: { origin: 'http://localhost:8081' } });
    expect(sameSite.statusCode).toBe(200);
  });
});

describe('back office', () => {
  it('signs the administrator in with the back office cookie only (never the customer one), and a token for API clients', async () => {
    const response = await post('/api/admin/login', admin);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((c) => c.name)).toEqual(['staff_session']);
    const token = response.json().token as string;
    const customers = await service.app.inject({ method: 'GET', url: '/api/admin/customers', headers: { authorization: `Bearer ${token}` } });
    expect(customers.statusCode).toBe(200);
    // By last name, first name, then id: both are Avery Cole, the first registered first.
    expect(customers.json()).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(customers.json().items.map((c: { email: string }) => c.email)).toEqual(['Avery.Cole@example.com', 'common@example.com']);
    const imported = await service.app.inject({ method: 'GET', url: '/api/admin/servicepro-customers', headers: { authorization: `Bearer ${token}` } });
    expect(imported.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  it('lists the customers imported from ServicePro for staff', async () => {
    await service.db.insertInto('service_pro_customers').values({
      service_pro_id: 'SP-1001', first_name: 'Ruth', last_name: 'Alvarez', email: null, phone: '(904) 555-0170',
      address: '9 Bridge St', city: 'St Augustine', state: 'FL', zip_code: '32084', last_service_date: '2026-10-02',
      preferred_technician: 'Mike Johnson', notes: null,
    }).execute();
    const staff = service.bearer({ sub: 'staff:9', role: 'staff' });
    const response = await service.app.inject({ method: 'GET', url: '/api/admin/servicepro-customers', headers: { authorization: staff } });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([expect.objectContaining({
      sourceSystem: 'servicepro', serviceProId: 'SP-1001', firstName: 'Ruth', lastName: 'Alvarez', email: null, zipCode: '32084', lastServiceDate: '2026-10-02',
      totalServices: '0', totalSpent: '0.00', preferredTechnician: 'Mike Johnson', importedAt: expect.any(String),
    })]);
  });

  it('refuses customers and bad administrator credentials', async () => {
    expect((await post('/api/admin/login', { ...admin, password: 'nope' })).json().error.message).toBe('Invalid credentials');
    expect((await post('/api/admin/login', { email: 'bad', password: '' })).json().error.fields).toEqual({
      email: 'Valid email is required',
      password: 'Password is required',
    });
    const customer = service.bearer({ sub: 'customer:1', role: 'customer', customerId: 1 });
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/customers', headers: { authorization: customer } })).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/customers' })).statusCode).toBe(401);
  });
});
