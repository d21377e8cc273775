import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, backOfficeSessionPath, staffAccountMessages, staffAccountSchema, staffAccountsPath } from '@repo/contracts';
import { admin, bearer, ended, signInBackOffice, startAccounts, type AccountsTestService } from './support/accounts.ts';

let service: AccountsTestService;
let asAdmin: { authorization: string };

beforeAll(async () => {
  service = await startAccounts();
  asAdmin = bearer((await signInBackOffice(service, admin)).token);
});
afterAll(async () => {
  await service?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => service.app.inject({ method, url, headers, payload });
const dispatcher = { name: 'Dana Dispatch', email: 'dana.dispatch@example.com', role: 'staff', password: 'harbor-lantern-2026' } as const;

describe('staff accounts', () => {
  it('start with the first administrator from ADMIN_EMAIL, and never show a password', async () => {
    const response = await inject('GET', staffAccountsPath, asAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: expect.any(Number), name: 'Administrator', email: admin.email, role: 'admin', createdAt: expect.any(String), lastLogin: expect.any(String) }]);
    expect(response.body).not.toMatch(/argon2|password|hash/i);
  });

  it('are added by an administrator, and the new staff member signs in with their role', async () => {
    const created = await inject('POST', staffAccountsPath, asAdmin, dispatcher);
    expect(created.statusCode).toBe(201);
    expect(staffAccountSchema.parse(created.json())).toEqual({ id: expect.any(Number), name: dispatcher.name, email: dispatcher.email, role: 'staff', createdAt: expect.any(String), lastLogin: null });
    expect(created.body).not.toMatch(/argon2|harbor-lantern/i);
    const { user } = await signInBackOffice(service, dispatcher);
    expect(user).toMatchObject({ email: dispatcher.email, role: 'staff', technicianId: null });
    const list = (await inject('GET', staffAccountsPath, asAdmin)).json() as { email: string; lastLogin: string | null }[];
    expect(list.map((account) => account.email)).toEqual([admin.email, dispatcher.email]);
    expect(list[1]!.lastLogin).toEqual(expect.any(String));
  });

  it('refuse an email any back-office sign-in has, in any letter case, with 409 next to the email', async () => {
    for (const email of [dispatcher.email.toUpperCase(), 'Owner@Example.com']) {
      const response = await inject('POST', staffAccountsPath, asAdmin, { ...dispatcher, email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: staffAccountMessages.emailTaken, fields: { email: staffAccountMessages.emailTaken } } });
    }
  });

  it('give field messages for bad input, and refuse common passwords', async () => {
    const empty = await inject('POST', staffAccountsPath, asAdmin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Valid email is required',
      role: 'Role must be staff or admin',
      password: 'Password must be at least 12 characters',
    });
    const technician = await inject('POST', staffAccountsPath, asAdmin, { ...dispatcher, email: 'tech@example.com', role: 'technician' });
    expect(technician.json().error.fields).toEqual({ role: 'Role must be staff or admin' });
    const common = await inject('POST', staffAccountsPath, asAdmin, { ...dispatcher, email: 'common@example.com', password: 'password1234' });
    expect(common.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: authMessages.commonPassword, fields: { password: authMessages.commonPassword } } });
    const reset = await inject('PUT', `${staffAccountsPath}/1/password`, asAdmin, { password: 'short' });
    expect(reset.json().error.fields).toEqual({ password: 'Password must be at least 12 characters' });
    const badId = await inject('PUT', `${staffAccountsPath}/abc/password`, asAdmin, { password: 'meadow-lantern-2027' });
    expect(badId.json().error.fields).toEqual({ 'params.id': 'Staff id must be a whole number from 1 to 2147483647' });
  });

  it('take a new password from an administrator, which ends every session of that account at once', async () => {
    const account = (await inject('POST', staffAccountsPath, asAdmin, { ...dispatcher, email: 'night.shift@example.com', role: 'admin' })).json() as { id: number };
    const credentials = { email: 'night.shift@example.com', password: dispatcher.password };
    const desk = await signInBackOffice(service, credentials);
    const phone = await signInBackOffice(service, credentials);
    const newPassword = 'meadow-lantern-2027';
    const response = await inject('PUT', `${staffAccountsPath}/${account.id}/password`, asAdmin, { password: newPassword });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await inject('GET', backOfficeSessionPath, bearer(desk.token))).json()).toEqual(ended);
    expect((await inject('GET', staffAccountsPath, bearer(phone.token))).json()).toEqual(ended);
    expect((await service.app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials })).statusCode).toBe(401);
    expect((await signInBackOffice(service, { ...credentials, password: newPassword })).user).toMatchObject({ role: 'admin' });
    // The administrator who reset it is still signed in.
    expect((await inject('GET', staffAccountsPath, asAdmin)).statusCode).toBe(200);
  });

  it('answer 404 for an id that is no staff or administrator sign-in (technicians have their own reset)', async () => {
    const technician = await inject('POST', '/api/admin/technician-accounts', asAdmin, { technicianId: 'tech_9', name: 'Tech Nine', email: 'tech9@example.com', password: 'wrench-harbor-42' });
    for (const id of [technician.json().id as number, 999_999]) {
      const response = await inject('PUT', `${staffAccountsPath}/${id}/password`, asAdmin, { password: 'meadow-lantern-2027' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: staffAccountMessages.notFound } });
    }
  });
});
