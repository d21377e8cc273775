import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import { createConnector, FieldServiceError, phoneDigits, type ConnectorOptions, type SystemUrls } from '../src/index.ts';
import { serviceProIdOf, serviceProSandboxCompanyName, serviceProSandboxCredentials, startServiceProSandbox, type RunningSandbox } from '../src/sandbox/index.ts';
import { allCustomers, failure, gapMs, requestsTo } from './support/helpers.ts';

const fast: ConnectorOptions = { backoffMs: 5, maxRetries: 2, timeoutMs: 5_000 };
const urlsFor = (sandbox: RunningSandbox): SystemUrls => ({
  servicepro: { api: sandbox.url },
  servicetitan: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9' },
  jobber: { api: 'http://127.0.0.1:9', version: '2025-04-16' },
});

describe('ServicePro connector against the ServicePro sandbox', () => {
  let sandbox: RunningSandbox;
  const connect = (options: ConnectorOptions = fast, credentials: Record<string, string> = serviceProSandboxCredentials) => createConnector('servicepro', credentials, urlsFor(sandbox), options);

  beforeAll(async () => {
    sandbox = await startServiceProSandbox({ customers: 1_234 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => {
    sandbox.setDelay(0);
    sandbox.setMalformed(undefined);
    sandbox.clearLog();
  });

  it('signs in with the company, username and password, names the company and sends the token as a bearer', async () => {
    const connector = connect();
    expect(await connector.accountName()).toBe(serviceProSandboxCompanyName);
    await connector.listCustomers(null, 5);
    const [signIn] = requestsTo(sandbox.requests, /^\/auth\/token$/);
    expect(signIn).toMatchObject({ method: 'POST', status: 200 });
    expect(signIn?.headers['content-type']).toBe('application/json');
    // The sandbox's log masks secrets, so tests (and their output) never show one.
    expect(requestsTo(sandbox.requests, /^\/customers$/).map((request) => [request.status, request.headers.authorization])).toEqual([[200, '[redacted]']]);
  });

  it('refuses wrong credentials with a message naming the system and no credential', async () => {
    const error = await failure(connect(fast, { ...serviceProSandboxCredentials, password: 'not-the-password-7731' }).accountName(), 'credentials', ['not-the-password-7731']);
    expect(error.system).toBe('servicepro');
    expect(error.message).toBe('ServicePro refused these credentials: check the company, username and password.');
  });

  it('refuses to start without every credential, naming the missing ones', () => {
    expect(() => createConnector('servicepro', { company: 'st-augustine-appliance', username: '  ' }, urlsFor(sandbox))).toThrow(
      new FieldServiceError('servicepro', 'credentials', 'Missing Credentials: Please provide: username, password'),
    );
  });

  it('renews the token shortly before it expires, without waiting for a refusal', async () => {
    let clock = Date.now();
    const connector = connect({ ...fast, now: () => clock });
    await connector.listCustomers(null, 10);
    clock += 3_600_000; // the sandbox's tokens last an hour
    await connector.listCustomers(null, 10);
    expect(requestsTo(sandbox.requests, /^\/auth\/token$/)).toHaveLength(2);
    expect(sandbox.requests.filter((request) => request.status === 401)).toEqual([]);
  });

  it('signs in again once after a 401 and repeats the call', async () => {
    const connector = connect();
    await connector.listCustomers(null, 10);
    sandbox.expireTokens();
    const page = await connector.listCustomers(null, 10);
    expect(page.customers).toHaveLength(10);
    expect(requestsTo(sandbox.requests, /^\/auth\/token$/)).toHaveLength(2);
    expect(requestsTo(sandbox.requests, /^\/customers$/).map((request) => request.status)).toEqual([200, 401, 200]);
  });

  it('pages to the end: exactly every customer once, in pages of the size asked', async () => {
    const { customers, positions } = await allCustomers(connect(), 100);
    expect(customers).toHaveLength(1_234);
    expect(new Set(customers.map((customer) => customer.externalId)).size).toBe(1_234);
    expect(positions).toHaveLength(13);
    const pages = requestsTo(sandbox.requests, /^\/customers$/);
    expect(pages.map((request) => request.query)).toEqual(Array.from({ length: 13 }, (_, index) => ({ page: String(index + 1), pageSize: '100' })));
  });

  it('reports the total for a progress bar and keeps page sizes within the 500 ServicePro allows', async () => {
    const page = await connect().listCustomers(null, 10_000);
    expect(page.total).toBe(1_234);
    expect(page.customers).toHaveLength(500);
    expect(requestsTo(sandbox.requests, /^\/customers$/)[0]?.query.pageSize).toBe('500');
  });

  it('maps the demo customer with the imported-customer fields', async () => {
    const { customers } = await connect().listCustomers(null, 1);
    expect(customers[0]).toEqual({
      externalId: serviceProIdOf(0),
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'demo@example.com',
      phone: '(904) 555-0142',
      address: '48 Cordova St',
      city: 'St Augustine',
      state: 'FL',
      zipCode: '32084',
      lastServiceDate: '2024-10-15',
      totalServices: 2,
      totalSpent: '438.50',
      preferredTechnician: 'Mike Johnson',
      notes: 'Gate code 1142. Prefers morning appointments.',
    });
  });

  it('waits as long as Retry-After asks after a 429, then succeeds', async () => {
    const connector = connect();
    await connector.accountName();
    sandbox.clearLog();
    sandbox.injectFault({ status: 429, times: 1, retryAfter: 1, path: /^\/customers\?/ });
    const page = await connector.listCustomers(null, 5);
    expect(page.customers).toHaveLength(5);
    const [limited, retried] = requestsTo(sandbox.requests, /^\/customers$/);
    expect([limited?.status, retried?.status]).toEqual([429, 200]);
    // The backoff alone would be about 5 ms; Retry-After asked for a second.
    expect(gapMs(limited!, retried!)).toBeGreaterThanOrEqual(1_000);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const connector = connect();
    await connector.accountName();
    sandbox.clearLog();
    const until = new Date(Date.now() + 2_000).toUTCString();
    sandbox.injectFault({ status: 503, times: 1, retryAfter: until, path: /^\/customers\?/ });
    await connector.listCustomers(null, 5);
    const [, retried] = requestsTo(sandbox.requests, /^\/customers$/);
    expect(retried!.at).toBeGreaterThanOrEqual(Date.parse(until) - 50);
  });

  it('retries 5xx answers and succeeds when the system recovers', async () => {
    sandbox.injectFault({ status: 503, times: 2, path: /^\/customers\?/ });
    const page = await connect().listCustomers(null, 5);
    expect(page.customers).toHaveLength(5);
    expect(requestsTo(sandbox.requests, /^\/customers$/).map((request) => request.status)).toEqual([503, 503, 200]);
  });

  it('gives up as unavailable after maxRetries when 5xx goes on', async () => {
    sandbox.injectFault({ status: 500, times: 3, path: /^\/customers\?/ });
    const error = await failure(connect().listCustomers(null, 5), 'unavailable');
    expect(error.message).toBe('ServicePro answered HTTP 500 for the customer list (tried 3 times). Please try again later.');
    expect(requestsTo(sandbox.requests, /^\/customers$/)).toHaveLength(3);
  });

  it('reports rate-limited when 429 goes on', async () => {
    sandbox.injectFault({ status: 429, times: 3, path: /^\/customers\?/ });
    const error = await failure(connect({ ...fast, rateLimitRetries: 2 }).listCustomers(null, 5), 'rate-limited');
    expect(error.message).toBe('ServicePro is limiting requests (HTTP 429) for the customer list (tried 3 times). Please wait a few minutes and try again.');
  });

  it('times out a slow answer and reports unavailable', async () => {
    const connector = connect({ ...fast, timeoutMs: 100, maxRetries: 1 });
    await connector.accountName();
    sandbox.clearLog();
    sandbox.setDelay(1_000);
    const error = await failure(connector.listCustomers(null, 5), 'unavailable');
    expect(error.message).toBe('ServicePro did not answer within 0.1 s for the customer list (tried 2 times). Please try again later.');
    expect(requestsTo(sandbox.requests, /^\/customers$/)).toHaveLength(2);
  });

  it('rejects answers of the wrong shape, or not JSON, as malformed', async () => {
    const connector = connect();
    await connector.accountName();
    sandbox.setMalformed({ path: /^\/customers/ });
    const wrongShape = await failure(connector.listCustomers(null, 5), 'malformed');
    expect(wrongShape.message).toMatch(/^ServicePro sent an answer this app does not understand for the customer list \(at /);
    sandbox.setMalformed({ path: /^\/customers/, kind: 'not-json' });
    const notJson = await failure(connector.listCustomers(null, 5), 'malformed');
    expect(notJson.message).toBe('ServicePro sent an answer that is not JSON for the customer list.');
  });

  it('finds a customer by phone in three common formats', async () => {
    const connector = connect();
    for (const typed of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998']) {
      const found = await connector.findCustomersByPhone(phoneDigits(typed)!);
      expect(found.map((customer) => `${customer.firstName} ${customer.lastName}`)).toEqual(['Robert Alvarez']);
      expect(found[0]?.totalServices).toBe(5);
    }
    expect(requestsTo(sandbox.requests, /^\/customers$/).map((request) => request.query.phone)).toEqual(['9048021998', '9048021998', '9048021998']);
    expect(await connector.findCustomersByPhone('9045550000')).toEqual([]);
  });

  it('finds a customer by email in any letter case', async () => {
    const found = await connect().findCustomersByEmail(' Demo@Example.com ');
    expect(found.map((customer) => customer.externalId)).toEqual([serviceProIdOf(0)]);
  });

  it('reads one customer, and null for an id it does not have', async () => {
    const connector = connect();
    expect((await connector.getCustomer(serviceProIdOf(1)))?.phone).toBe('(904) 802-1998');
    expect(await connector.getCustomer('SP-1')).toBeNull();
  });

  it('lists a customer’s visits oldest first with what booking imports', async () => {
    const visits = await connect().listVisits(serviceProIdOf(0));
    expect(visits.map((visit) => [visit.appliance, visit.brand, visit.status, visit.total])).toEqual([
      ['Refrigerator', 'Sub-Zero', 'completed', '289.00'],
      ['Range', 'Wolf', 'completed', '149.50'],
      ['Dishwasher', 'Bosch', 'scheduled', null],
    ]);
    expect(visits[0]).toMatchObject({
      serviceType: 'Repair',
      description: 'Sub-Zero refrigerator: freezer not holding temperature.',
      scheduledStart: '2024-03-05T14:00:00.000Z',
      completedAt: '2024-03-05T15:00:00.000Z',
      technicianName: 'Mike Johnson',
      technicianNotes: 'Replaced defrost heater.',
      address: { street: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    });
    await failure(connect().listVisits('SP-1'), 'not-found');
  });

  it('stops at once when the caller aborts, even while waiting to retry', async () => {
    const connector = connect({ ...fast, maxRetries: 4 });
    await connector.accountName();
    sandbox.clearLog();
    sandbox.injectFault({ status: 503, times: 1, retryAfter: 20, path: /^\/customers\?/ });
    const controller = new AbortController();
    const call = connector.listCustomers(null, 5, controller.signal);
    await vi.waitFor(() => expect(requestsTo(sandbox.requests, /^\/customers$/)).toHaveLength(1), { timeout: 10_000 });
    const started = Date.now();
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requestsTo(sandbox.requests, /^\/customers$/)).toHaveLength(1);
  });
});
