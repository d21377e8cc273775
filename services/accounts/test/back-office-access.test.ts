import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAppOrigin, staffAccountsPath } from '@repo/contracts';
import { startSandboxes, type RunningSandboxes } from '@repo/field-service/sandbox';
import { admin, bearer, registerCustomer, signInBackOffice, startAccounts, waitForImport, type AccountsTestService } from './support/accounts.ts';

/**
 * Who may make each back-office call of issue 12: nobody signed in gets 401, a customer and a technician 403, staff
 * 200 on the staff calls and 403 on the administrators' ones, an administrator what the call answers. Roles are
 * checked before the body is read, so every refused call sends a body that would not validate.
 */
let sandboxes: RunningSandboxes;
let service: AccountsTestService;
let as: Record<'customer' | 'technician' | 'staff' | 'admin', Record<string, string>>;

beforeAll(async () => {
  sandboxes = await startSandboxes({ customers: 30 });
  service = await startAccounts(sandboxes.env);
  const customer = await registerCustomer(service);
  const customerToken = (await service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: customer.password } })).json().token as string;
  as = {
    customer: bearer(customerToken),
    technician: { authorization: service.bearer({ sub: 'staff:50', role: 'technician', technicianId: 'tech_1' }) },
    staff: { authorization: service.bearer({ sub: 'staff:51', role: 'staff', email: 'desk@example.com' }) },
    admin: bearer((await signInBackOffice(service, admin)).token),
  };
});
afterAll(async () => {
  await service?.close();
  await sandboxes?.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; staff: boolean; adminStatus: number };
const calls: Call[] = [
  { method: 'GET', url: '/api/admin/customers?q=avery&pageSize=5', staff: true, adminStatus: 200 },
  { method: 'GET', url: '/api/admin/servicepro-customers?q=904', staff: true, adminStatus: 200 },
  { method: 'POST', url: '/api/admin/lookup-customer-phone', payload: { phone: '(904) 802-1998' }, staff: true, adminStatus: 200 },
  { method: 'GET', url: '/api/admin/import-source', staff: false, adminStatus: 200 },
  { method: 'POST', url: '/api/admin/import-all-customers', staff: false, adminStatus: 202 },
  { method: 'GET', url: '/api/admin/import-jobs/latest', staff: false, adminStatus: 200 },
  { method: 'GET', url: '/api/admin/import-jobs/1', staff: false, adminStatus: 200 },
  { method: 'GET', url: staffAccountsPath, staff: false, adminStatus: 200 },
  { method: 'POST', url: staffAccountsPath, payload: { name: 'New Desk', email: 'new.desk@example.com', role: 'staff', password: 'harbor-lantern-2026' }, staff: false, adminStatus: 201 },
  { method: 'PUT', url: `${staffAccountsPath}/1/password`, payload: { password: 'a-long-admin-password' }, staff: false, adminStatus: 204 },
];
const send = (call: Call, headers: Record<string, string> = {}, payload: object | undefined = call.payload) =>
  service.app.inject({ method: call.method, url: call.url, payload, headers: { origin: localAppOrigin('backoffice'), ...headers } });

describe('back-office calls of issue 12', () => {
  it('refuse nobody (401), customers and technicians (403) before reading the body', async () => {
    for (const call of calls) {
      const garbage = call.method === 'GET' ? undefined : { unexpected: true };
      const anonymous = await send(call, {}, garbage);
      expect({ url: call.url, status: anonymous.statusCode, body: anonymous.json() }).toEqual({
        url: call.url,
        status: 401,
        body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } },
      });
      for (const role of ['customer', 'technician'] as const) {
        const refused = await send(call, as[role], garbage);
        expect({ url: call.url, role, status: refused.statusCode, code: refused.json().error.code }).toEqual({ url: call.url, role, status: 403, code: 'FORBIDDEN' });
      }
    }
  });

  it('let staff make the staff calls and refuse them the administrators\' ones (403)', async () => {
    for (const call of calls) {
      const response = await send(call, as.staff, call.staff ? call.payload : { unexpected: true });
      expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: call.staff ? 200 : 403 });
    }
  });

  it('let an administrator make every call', async () => {
    for (const call of calls) {
      const response = await send(call, as.admin);
      expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: call.adminStatus });
      if (call.url === '/api/admin/import-all-customers') await waitForImport(service, as.admin, response.json().id);
    }
  });
});

describe('the API document', () => {
  it('names, describes and tags every call of issue 12, with the error statuses each can answer', async () => {
    const document = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; operationId?: string; responses: Record<string, unknown> }>>;
    };
    const expected: [method: string, path: string, operationId: string, statuses: string[]][] = [
      ['get', '/api/admin/customers', 'listPortalCustomers', ['200', '400', '401', '403', '503']],
      ['get', '/api/admin/servicepro-customers', 'listImportedCustomers', ['200', '400', '401', '403', '503']],
      ['get', '/api/admin/import-source', 'getImportSource', ['200', '401', '403', '502', '503', '504']],
      ['post', '/api/admin/import-all-customers', 'startCustomerImport', ['202', '401', '403', '409', '502', '503', '504']],
      ['get', '/api/admin/import-jobs/latest', 'getLatestImportJob', ['200', '401', '403', '503']],
      ['get', '/api/admin/import-jobs/{id}', 'getImportJob', ['200', '400', '401', '403', '404', '503']],
      ['post', '/api/admin/lookup-customer-phone', 'lookupCustomerPhone', ['200', '400', '401', '403', '502', '503', '504']],
      ['get', staffAccountsPath, 'listStaffAccounts', ['200', '401', '403', '503']],
      ['post', staffAccountsPath, 'createStaffAccount', ['201', '400', '401', '403', '409', '503']],
      ['put', `${staffAccountsPath}/{id}/password`, 'setStaffAccountPassword', ['204', '400', '401', '403', '404', '503']],
      ['get', '/api/auth/service-history', 'getLinkedServiceHistory', ['200', '401', '403', '404', '502', '503', '504']],
    ];
    for (const [method, path, operationId, statuses] of expected) {
      const operation = document.paths[path]?.[method];
      expect({ path, method, operationId: operation?.operationId, tagged: Boolean(operation?.tags?.length), summary: Boolean(operation?.summary) }).toEqual({
        path,
        method,
        operationId,
        tagged: true,
        summary: true,
      });
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
    }
  });
});
