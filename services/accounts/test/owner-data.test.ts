import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerDeletionCompletedTopic,
  customerDeletionPath,
  customerDeletionRequestedTopic,
  deletionRequestMessages,
  deletionRequestsPath,
  deletionRetentionRule,
  localAppOrigin,
  type CustomerDeletionRequested,
  type DeletionRequest,
} from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { admin, bearer, ended, registerCustomer, signInBackOffice, startAccounts, type AccountsTestService } from './support/accounts.ts';

let service: AccountsTestService;
let as: Record<'customer' | 'technician' | 'staff' | 'admin', Record<string, string>>;
const headers = (who: Record<string, string> = {}) => ({ origin: localAppOrigin('backoffice'), ...who });

beforeAll(async () => {
  service = await startAccounts();
  const customer = await registerCustomer(service, { firstName: '=cmd|calc', lastName: 'Nolan' });
  as = {
    customer: bearer(customer.token),
    technician: { authorization: service.bearer({ sub: 'staff:50', role: 'technician', technicianId: 'tech_1' }) },
    staff: { authorization: service.bearer({ sub: 'staff:51', role: 'staff', email: 'desk@example.com' }) },
    admin: bearer((await signInBackOffice(service, admin)).token),
  };
});
afterAll(async () => service?.close());

describe("the owner's export of customers", () => {
  it('answers every customer as CSV, formula-escaped, without password hashes, to an administrator only', async () => {
    expectApiError(await service.app.inject({ method: 'GET', url: '/api/admin/export/customers.csv' }), 401, 'UNAUTHORIZED');
    for (const role of ['customer', 'technician', 'staff'] as const) {
      expectApiError(await service.app.inject({ method: 'GET', url: '/api/admin/export/customers.csv', headers: as[role] }), 403, 'FORBIDDEN');
    }
    const response = await service.app.inject({ method: 'GET', url: '/api/admin/export/customers.csv', headers: as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,first_name,last_name,email,phone,address,email_proven_at,phone_proven_at,imported_record_id,created_at,last_login');
    expect(lines.find((line) => line.includes('Nolan'))).toMatch(/^\d+,'=cmd\|calc,Nolan,customer\d+@example.com,\(904\) 555-0199,,\d{4}-/);
    expect(response.body).not.toMatch(/argon2/);
  });
});

describe("a customer's deletion request", () => {
  it('is refused to anyone but an administrator before the body is read, and validated with field messages', async () => {
    const url = customerDeletionPath(1);
    expectApiError(await service.app.inject({ method: 'POST', url, payload: { unexpected: true }, headers: headers() }), 401, 'UNAUTHORIZED');
    for (const role of ['customer', 'technician', 'staff'] as const) {
      expectApiError(await service.app.inject({ method: 'POST', url, payload: { unexpected: true }, headers: headers(as[role]) }), 403, 'FORBIDDEN');
      expectApiError(await service.app.inject({ method: 'GET', url: deletionRequestsPath, headers: as[role] }), 403, 'FORBIDDEN');
    }
    const invalid = await service.app.inject({ method: 'POST', url, payload: { reason: '  ' }, headers: headers(as.admin) });
    expectApiError(invalid, 400, 'VALIDATION_ERROR', { reason: deletionRequestMessages.reasonRequired });
    const unknown = await service.app.inject({ method: 'POST', url: customerDeletionPath(99999), payload: { reason: 'Asked by email' }, headers: headers(as.admin) });
    expectApiError(unknown, 404, 'NOT_FOUND');
    expect(unknown.json().error.message).toBe(deletionRequestMessages.customerNotFound);
  });

  it("erases the account at once, tells the other services, and shows each one's progress until all are done", async () => {
    const customer = await registerCustomer(service, { firstName: 'Erin', lastName: 'Gone', phone: '(904) 555-0177' });
    const url = customerDeletionPath(customer.customer.id);
    const answer = await service.app.inject({ method: 'POST', url, payload: { reason: 'Asked by phone on 20 Nov' }, headers: headers(as.admin) });
    expect(answer.statusCode, answer.body).toBe(202);
    const request = answer.json() as DeletionRequest;
    expect(request).toMatchObject({ customerId: customer.customer.id, reason: 'Asked by phone on 20 Nov', requestedBy: admin.email, done: false, retention: deletionRetentionRule });
    expect(request.progress.map((step) => [step.service, step.doneAt !== null])).toEqual([
      ['accounts', true], ['booking', false], ['tracking', false], ['payments', false], ['notifications', false],
    ]);

    // The customer can no longer sign in, and their session has ended.
    const login = await service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: customer.password } });
    expect(login.statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(customer.token) })).json()).toEqual(ended);
    expect(await service.db.selectFrom('customers').select('id').where('id', '=', customer.customer.id).execute()).toEqual([]);

    const published = (await publishedEffects<CustomerDeletionRequested>(service.database, customerDeletionRequestedTopic)).filter((event) => event.requestId === request.id);
    expect(published).toEqual([{ requestId: request.id, customerId: customer.customer.id, email: customer.email, phoneDigits: '9045550177', requestedAt: expect.any(String) }]);

    // Asked again, twice at once: the same request, nothing published again.
    const racing = await Promise.all([1, 2].map(() => service.app.inject({ method: 'POST', url, payload: { reason: 'Asked again' }, headers: headers(as.admin) })));
    expect(racing.map((answer) => [answer.statusCode, answer.json().id])).toEqual([[200, request.id], [200, request.id]]);
    const again = await service.app.inject({ method: 'POST', url, payload: { reason: 'Asked twice' }, headers: headers(as.admin) });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(request.id);
    expect(await publishedEffects(service.database, customerDeletionRequestedTopic)).toHaveLength(1);

    // Each service reports; a redelivered report changes nothing, and a service may report only for itself.
    for (const from of ['booking', 'tracking', 'payments', 'notifications'] as const) {
      const report = { requestId: request.id, service: from, summary: `${from} erased`, completedAt: '2026-12-01T15:00:05.000Z' };
      for (const messageId of [randomUUID(), randomUUID()]) {
        expect((await injectEffect(service.app, { from, topic: customerDeletionCompletedTopic, payload: { ...report, summary: messageId }, messageId })).statusCode).toBe(200);
      }
      if (from === 'booking') {
        await injectEffect(service.app, { from: 'booking', topic: customerDeletionCompletedTopic, payload: { ...report, service: 'payments' } });
        const progress = (await service.app.inject({ method: 'GET', url, headers: as.admin })).json().progress as DeletionRequest['progress'];
        expect(progress.filter((step) => step.doneAt !== null).map((step) => [step.service, step.summary])).toEqual([
          ['accounts', expect.stringMatching(/^Account, sign-in sessions/)],
          ['booking', expect.any(String)],
        ]);
      }
    }
    const list = await service.app.inject({ method: 'GET', url: deletionRequestsPath, headers: as.admin });
    const shown = (list.json().items as DeletionRequest[]).find((item) => item.id === request.id)!;
    expect(shown.done).toBe(true);
    expect(shown.progress.every((step) => step.doneAt !== null)).toBe(true);
    const single = await service.app.inject({ method: 'GET', url, headers: as.admin });
    expect(single.json()).toEqual(shown);
  });
});

describe('two deletion requests for one customer at the same moment', () => {
  it('make one request: the second waits for the first and answers it', async () => {
    const customer = await registerCustomer(service, { firstName: 'Twice', lastName: 'Asked' });
    const url = customerDeletionPath(customer.customer.id);
    const answers = await Promise.all(['By phone', 'By email'].map((reason) => service.app.inject({ method: 'POST', url, payload: { reason }, headers: headers(as.admin) })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 202]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const published = (await publishedEffects<CustomerDeletionRequested>(service.database, customerDeletionRequestedTopic)).filter((event) => event.customerId === customer.customer.id);
    expect(published).toHaveLength(1);
  });
});
