import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, lookupCustomerPhoneResponseSchema, phoneRequiredMessage } from '@repo/contracts';
import { demoCustomer, serviceProIdOf, startServiceProSandbox, type RunningSandbox } from '@repo/field-service/sandbox';
import { admin, bearer, registerCustomer, serviceProEnv, signInBackOffice, startAccounts, type AccountsTestService } from './support/accounts.ts';

const sandboxes: RunningSandbox[] = [];
const services: AccountsTestService[] = [];
let sandbox: RunningSandbox;
let service: AccountsTestService;
let staff: { authorization: string };

async function start(sandboxOptions: Parameters<typeof startServiceProSandbox>[0] = {}, env: Record<string, string> = {}) {
  const running = await startServiceProSandbox({ customers: 50, ...sandboxOptions });
  sandboxes.push(running);
  const accounts = await startAccounts(serviceProEnv(running.url, env));
  services.push(accounts);
  return { sandbox: running, service: accounts };
}

beforeAll(async () => {
  ({ sandbox, service } = await start());
  staff = { authorization: service.bearer({ sub: 'staff:7', role: 'staff', email: 'desk@example.com' }) };
});
afterAll(async () => {
  await Promise.all(services.map((accounts) => accounts.close()));
  await Promise.all(sandboxes.map((running) => running.close()));
});

const lookUp = (phone: unknown, headers: Record<string, string> = staff, on: AccountsTestService = service) =>
  on.app.inject({ method: 'POST', url: '/api/admin/lookup-customer-phone', headers, payload: phone === undefined ? {} : { phone } });

describe('POST /api/admin/lookup-customer-phone', () => {
  it('finds the customer in any common US format, with the details and the completed visits newest first', async () => {
    const robert = demoCustomer(1, Date.now());
    const completed = robert.visits.filter((visit) => visit.status === 'completed');
    const expected = {
      id: serviceProIdOf(1),
      firstName: 'Robert',
      lastName: 'Alvarez',
      phone: robert.phone,
      email: 'robert.alvarez@example.com',
      address: robert.street,
      city: robert.city,
      state: 'FL',
      zipCode: robert.zipCode,
      totalServices: String(robert.totalServices),
      totalSpent: (robert.totalSpentCents / 100).toFixed(2),
      lastServiceDate: robert.lastServiceDate,
      preferredTechnician: robert.preferredTechnician,
      notes: robert.notes,
      serviceHistory: completed
        .map((visit) => ({ service: `${visit.serviceType}: ${visit.brand} ${visit.appliance}`, date: businessDate(visit.completedAt!), cost: (visit.totalCents! / 100).toFixed(2) }))
        .reverse(),
    };
    for (const phone of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998', ' 904-802-1998 ']) {
      const response = await lookUp(phone);
      expect({ phone, status: response.statusCode }).toEqual({ phone, status: 200 });
      expect(lookupCustomerPhoneResponseSchema.parse(response.json())).toEqual({ customer: expected, customerId: null });
    }
    // The system was asked for the ten digits each time.
    const asked = sandbox.requests.filter((request) => request.path === '/customers' && request.query.phone).map((request) => request.query.phone);
    expect(asked).toEqual(['9048021998', '9048021998', '9048021998', '9048021998']);
  });

  it("names the portal account linked to the customer found, whose record staff open", async () => {
    const { customer } = await registerCustomer(service, { firstName: 'Robert', lastName: 'Alvarez', phone: '(904) 802-1998' });
    // As the import links an account through a proven contact (customer-import.test.ts).
    await service.db.updateTable('customers').set({ service_pro_customer_id: serviceProIdOf(1) }).where('id', '=', customer.id).execute();
    const response = await lookUp('904.802.1998');
    expect(lookupCustomerPhoneResponseSchema.parse(response.json())).toMatchObject({ customer: { id: serviceProIdOf(1) }, customerId: customer.id });
    await service.db.updateTable('customers').set({ service_pro_customer_id: null }).where('id', '=', customer.id).execute();
  });

  it('answers no customer for a number the system does not know', async () => {
    const response = await lookUp('(212) 555-0123');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer: null, customerId: null });
  });

  it('gives Phone Required for a blank phone, and field messages for what is not a US number', async () => {
    for (const phone of [undefined, '', '   ']) {
      const response = await lookUp(phone);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: phoneRequiredMessage, fields: { phone: phoneRequiredMessage } } });
    }
    expect((await lookUp('call me')).json().error.fields).toEqual({ phone: 'Enter a phone number with digits, like (904) 802-1998' });
    expect((await lookUp('12')).json().error.fields).toEqual({ phone: 'Enter a 10-digit US phone number, like (904) 802-1998' });
    expect((await lookUp('+44 20 7946 0958')).json().error.fields).toEqual({ phone: 'Enter a 10-digit US phone number, like (904) 802-1998' });
    expect((await lookUp(9048021998)).statusCode).toBe(400);
  });

  it('answers a failing system with 502, a limiting one with 503, an unreadable one with 502: never a 500', async () => {
    sandbox.injectFault({ status: 500, times: 1000, path: /phone=9045550500/ });
    const failing = await lookUp('904-555-0500');
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toEqual({ error: { code: 'UPSTREAM_ERROR', message: 'ServicePro is not answering properly right now. Please try again in a minute.' } });

    sandbox.injectFault({ status: 429, times: 1000, retryAfter: 0, path: /phone=9045550429/ });
    const limited = await lookUp('904-555-0429');
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'ServicePro kept refusing requests as too many. Please try again in a minute.' } });

    sandbox.setMalformed({ path: /phone=9045550200/ });
    try {
      const unreadable = await lookUp('904-555-0200');
      expect(unreadable.statusCode).toBe(502);
      expect(unreadable.json().error).toEqual({ code: 'UPSTREAM_ERROR', message: 'ServicePro answered in a form that could not be read. Please try again in a minute.' });
    } finally {
      sandbox.setMalformed(undefined);
    }
  });

  it('answers 504 when the system does not answer in time', async () => {
    const slow = await start({ delayMs: 1_500 }, { FIELD_SERVICE_TIMEOUT_MS: '200' });
    const response = await lookUp('(904) 802-1998', { authorization: slow.service.bearer({ sub: 'staff:7', role: 'staff' }) }, slow.service);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ error: { code: 'UPSTREAM_ERROR', message: 'ServicePro did not answer in time. Please try again in a minute.' } });
  });

  it('answers 503 saying the configuration is wrong when the server credentials are refused', async () => {
    const refused = await start({}, { SERVICEPRO_USERNAME: 'someone-else' });
    const headers = bearer((await signInBackOffice(refused.service, admin)).token);
    const response = await lookUp('(904) 802-1998', headers, refused.service);
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toMatch(/^ServicePro refused the server's credentials, so the connection settings are wrong: check them under Customer Management → Connection Settings \(Test connection says which\), or SERVICEPRO_COMPANY, SERVICEPRO_USERNAME, SERVICEPRO_PASSWORD when the environment sets them\./);
    expect(response.body).not.toContain('someone-else');
  });
});
