import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, fieldServiceEnvSchema, phoneDigits, type ConnectorOptions, type SystemUrls } from '../src/index.ts';
import { serviceTitanIdOf, serviceTitanSandboxCredentials, startServiceTitanSandbox, type RunningSandbox } from '../src/sandbox/index.ts';
import { allCustomers, failure, fixtureServer, gapMs, requestsTo, robertAlvarez } from './support/helpers.ts';

const fast: ConnectorOptions = { backoffMs: 5, maxRetries: 2, timeoutMs: 5_000 };
const urlsFor = (api: string, auth = api): SystemUrls => ({
  servicepro: { api: 'http://127.0.0.1:9' },
  servicetitan: { api, auth },
  jobber: { api: 'http://127.0.0.1:9', version: '2025-04-16' },
});
const tenantPath = (rest: string) => new RegExp(`^/crm/v2/tenant/1234567/${rest}$`);

describe('ServiceTitan connector against the ServiceTitan sandbox', () => {
  let sandbox: RunningSandbox;
  const connect = (options: ConnectorOptions = fast, credentials: Record<string, string> = serviceTitanSandboxCredentials) =>
    createConnector('servicetitan', credentials, urlsFor(sandbox.url), options);

  beforeAll(async () => {
    sandbox = await startServiceTitanSandbox({ customers: 345 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => {
    sandbox.setDelay(0);
    sandbox.setMalformed(undefined);
    sandbox.clearLog();
  });

  it('gets a token with the client credentials grant and sends it with the app key, tenant in the path', async () => {
    await connect().listCustomers(null, 5);
    const [token] = requestsTo(sandbox.requests, /^\/connect\/token$/);
    expect(token).toMatchObject({ method: 'POST', status: 200 });
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const [list] = requestsTo(sandbox.requests, tenantPath('customers'));
    expect(list?.headers.authorization).toBe('[redacted]');
    expect(list?.headers['st-app-key']).toBe('[redacted]');
    expect(list?.query).toEqual({ page: '1', pageSize: '5', includeTotal: 'true', sort: '+Id' });
  });

  it('refuses a tenant that is not digits and a credential no request can carry before sending anything', async () => {
    for (const [credentials, message] of [
      [{ ...serviceTitanSandboxCredentials, tenantId: '..' }, 'The ServiceTitan tenant id must be digits only'],
      [{ ...serviceTitanSandboxCredentials, tenantId: '1234567/../9' }, 'The ServiceTitan tenant id must be digits only'],
      [{ ...serviceTitanSandboxCredentials, clientSecret: 'cs1.sandbox\rX-Injected: 1' }, 'Unusable characters (a line break, or outside Latin-1) in: clientSecret'],
      [{ ...serviceTitanSandboxCredentials, appKey: 'ak1.сандбокс' }, 'Unusable characters (a line break, or outside Latin-1) in: appKey'],
    ] as const) {
      expect(() => connect(fast, credentials)).toThrow(message);
    }
    expect(sandbox.requests).toEqual([]);
    // Configuration with such a value is refused at start, naming the variable.
    const env = (values: Record<string, string>) => fieldServiceEnvSchema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(env({ SERVICETITAN_TENANT_ID: '..' })).toEqual(['SERVICETITAN_TENANT_ID: must be the tenant id: digits only']);
    expect(env({ JOBBER_API_KEY: 'token\r\n' + 'x' })).toEqual(['JOBBER_API_KEY: must be printable text without line breaks or characters outside Latin-1']);
    expect(env({ SERVICETITAN_TENANT_ID: ' 1234567 ', JOBBER_API_KEY: 'sandbox-access-token' })).toBeUndefined();
  });

  it('refuses a wrong secret, app key or tenant as credentials, naming no credential', async () => {
    const wrong = { clientSecret: 'cs1.wrong-secret-5521', appKey: 'ak1.wrong-key-5521', tenantId: '7654321' };
    for (const [name, value] of Object.entries(wrong)) {
      const error = await failure(connect(fast, { ...serviceTitanSandboxCredentials, [name]: value }).listCustomers(null, 5), 'credentials', [value, serviceTitanSandboxCredentials.clientSecret]);
      expect(error.message).toBe('ServiceTitan refused these credentials: check the client id, secret, app key and tenant id.');
    }
  });

  it('renews the token before it expires, and once after a 401', async () => {
    let clock = Date.now();
    const connector = connect({ ...fast, now: () => clock });
    await connector.listCustomers(null, 2);
    clock += 900_000; // the documented 15-minute tokens
    await connector.listCustomers(null, 2);
    expect(requestsTo(sandbox.requests, /^\/connect\/token$/)).toHaveLength(2);
    expect(sandbox.requests.some((request) => request.status === 401)).toBe(false);

    sandbox.expireTokens();
    await connector.listCustomers(null, 2);
    expect(requestsTo(sandbox.requests, /^\/connect\/token$/)).toHaveLength(3);
    expect(requestsTo(sandbox.requests, tenantPath('customers')).map((request) => request.status)).toEqual([200, 200, 401, 200]);
  });

  it('pages to the end with page, pageSize and hasMore: every customer exactly once', async () => {
    const { customers } = await allCustomers(connect(), 100);
    expect(customers).toHaveLength(345);
    expect(new Set(customers.map((customer) => customer.externalId)).size).toBe(345);
    expect(requestsTo(sandbox.requests, tenantPath('customers')).map((request) => request.query.page)).toEqual(['1', '2', '3', '4']);
    expect((await connect().listCustomers(null, 100_000)).total).toBe(345);
    expect(requestsTo(sandbox.requests, tenantPath('customers')).at(-1)?.query.pageSize).toBe('5000');
  });

  it('maps a customer from the customer, its contacts and its invoices', async () => {
    const { customers } = await connect().listCustomers(null, 2);
    expect(customers[1]).toEqual(robertAlvarez(serviceTitanIdOf(1)));
  });

  it('honours Retry-After on 429, retries 5xx, and gives up as unavailable when 5xx goes on', async () => {
    const connector = connect();
    await connector.listCustomers(null, 1);
    sandbox.clearLog();
    sandbox.injectFault({ status: 429, times: 1, retryAfter: 1, path: /\/customers\?/ });
    await connector.listCustomers(null, 1);
    const [limited, retried] = requestsTo(sandbox.requests, tenantPath('customers'));
    expect(limited?.status).toBe(429);
    expect(gapMs(limited!, retried!)).toBeGreaterThanOrEqual(1_000);

    sandbox.clearLog();
    sandbox.injectFault({ status: 502, times: 1, path: /\/customers\?/ });
    await connector.listCustomers(null, 1);
    expect(requestsTo(sandbox.requests, tenantPath('customers')).map((request) => request.status)).toEqual([502, 200]);

    sandbox.clearLog();
    sandbox.injectFault({ status: 503, times: 3, path: /\/customers\?/ });
    const error = await failure(connector.listCustomers(null, 1), 'unavailable');
    expect(error.message).toBe('ServiceTitan answered HTTP 503 for the customer list (tried 3 times). Please try again later.');
  });

  it('times out slow answers and rejects malformed ones', async () => {
    const connector = connect({ ...fast, timeoutMs: 100, maxRetries: 1 });
    await connector.listCustomers(null, 1);
    sandbox.setDelay(1_000);
    await failure(connector.listCustomers(null, 1), 'unavailable');
    sandbox.setDelay(0);
    sandbox.setMalformed({ path: /\/customers\?/ });
    const error = await failure(connect().listCustomers(null, 1), 'malformed');
    expect(error.message).toMatch(/^ServiceTitan sent an answer this app does not understand for the customer list/);
  });

  it('finds a customer by phone in three formats, checking the contacts’ digits', async () => {
    const connector = connect();
    for (const typed of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998']) {
      const found = await connector.findCustomersByPhone(phoneDigits(typed)!);
      expect(found.map((customer) => customer.externalId)).toEqual([serviceTitanIdOf(1)]);
    }
    expect(requestsTo(sandbox.requests, tenantPath('customers')).map((request) => request.query.phone)).toEqual(['9048021998', '9048021998', '9048021998']);
  });

  it('finds a customer by email through the tenant’s contact index, then reads only the contacts changed since', async () => {
    // A sandbox of its own: the index is the tenant's, shared by every connector of it in the process.
    const own = await startServiceTitanSandbox({ customers: 345 });
    try {
      const connector = createConnector('servicetitan', serviceTitanSandboxCredentials, urlsFor(own.url), fast);
      expect((await connector.findCustomersByEmail('DEMO@example.com')).map((customer) => customer.externalId)).toEqual([serviceTitanIdOf(0)]);
      const feed = requestsTo(own.requests, tenantPath('customers/contacts'));
      expect(feed.map((request) => request.query)).toEqual([{ modifiedOnOrAfter: '2000-01-01T00:00:00Z', page: '1', pageSize: '5000', includeTotal: 'true' }]);
      own.clearLog();

      // Another connector of the tenant (booking makes one per call) reads only what changed, from 5 minutes before.
      const before = Date.now();
      const again = createConnector('servicetitan', serviceTitanSandboxCredentials, urlsFor(own.url), fast);
      expect((await again.findCustomersByEmail('robert.alvarez@example.com')).map((customer) => customer.externalId)).toEqual([serviceTitanIdOf(1)]);
      const [changed, ...more] = requestsTo(own.requests, tenantPath('customers/contacts'));
      expect(more).toEqual([]);
      expect(Date.parse(changed!.query.modifiedOnOrAfter!)).toBeLessThanOrEqual(before - 5 * 60_000);
      expect(Date.parse(changed!.query.modifiedOnOrAfter!)).toBeGreaterThan(before - 6 * 60_000);
      expect(await again.findCustomersByEmail('nobody@example.com')).toEqual([]);
      own.clearLog();
      // Lookups at the same moment share one read.
      const found = await Promise.all(['demo@example.com', 'robert.alvarez@example.com', 'nobody@example.com'].map((email) => again.findCustomersByEmail(email)));
      expect(found.map((records) => records.length)).toEqual([1, 1, 0]);
      expect(requestsTo(own.requests, tenantPath('customers/contacts'))).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('reads one customer, and null for an id it does not have', async () => {
    const connector = connect();
    expect((await connector.getCustomer(serviceTitanIdOf(0)))?.lastName).toBe('Whitfield');
    expect(await connector.getCustomer('99')).toBeNull();
    expect(await connector.getCustomer('not-a-number')).toBeNull();
  });

  it('lists a customer’s appointments as visits, with job type, technician, notes, invoice total and location', async () => {
    const visits = await connect().listVisits(serviceTitanIdOf(0));
    expect(visits.map((visit) => [visit.serviceType, visit.appliance, visit.brand, visit.status, visit.total])).toEqual([
      ['Repair', 'Refrigerator', 'Sub-Zero', 'completed', '289.00'],
      ['Maintenance', 'Range', 'Wolf', 'completed', '149.50'],
      ['Repair', 'Dishwasher', 'Bosch', 'scheduled', null],
    ]);
    expect(visits[0]).toMatchObject({
      technicianName: 'Mike Johnson',
      technicianNotes: 'Replaced defrost heater.',
      completedAt: '2024-03-05T15:00:00.000Z',
      address: { street: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    });
    await failure(connect().listVisits('99'), 'not-found');
  });
});

describe('ServiceTitan connector reading answers shaped as ServiceTitan documents them', () => {
  // Field names and types from ServiceTitan's developer documentation: the token answer of "Make your first API
  // call" (access_token, expires_in: 900, token_type, scope) and the models of the API reference
  // (PaginatedResponse {page, pageSize, hasMore, totalCount, data}; CRM v2 CustomerResponse with its address;
  // CustomerContact {id, type, value, memo, modifiedOn, phoneSettings}; Accounting v2 invoices with a decimal-text
  // total). Values are examples in those shapes, not the sandbox's.
  const routes = {
    'POST /connect/token': {
      access_token: 'eyJhbGciOiJSUzI1NiIsImtpZCI6IkM2QTRDMjA2MjE3OEYyMEI4NzkyNjg2MTJGNkMwNEE1NzUwRjU3NzdSUzI1NiIsInR5cCI6ImF0K2p3dCJ9.example',
      expires_in: 900,
      token_type: 'Bearer',
      scope: 'tn.crm:customers tn.accounting:invoices',
    },
    'GET /crm/v2/tenant/2468/customers': {
      page: 1,
      pageSize: 50,
      hasMore: false,
      totalCount: 1,
      data: [
        {
          id: 25_604_081,
          active: true,
          name: 'Lopez, Maria',
          type: 'Residential',
          address: { street: '1200 Ponce de Leon Blvd', unit: 'Apt 4', city: 'St Augustine', state: 'FL', zip: '32084', country: 'USA', latitude: 29.9107, longitude: -81.3165 },
          customFields: [{ typeId: 4_021, name: 'Preferred Contact Method', value: 'Text' }],
          balance: 0,
          tagTypeIds: [],
          doNotMail: false,
          doNotService: false,
          createdOn: '2023-05-01T14:12:09.4405562Z',
          createdById: 1_023,
          modifiedOn: '2024-02-11T18:03:31.1127Z',
          mergedToId: null,
        },
      ],
    },
    'GET /crm/v2/tenant/2468/customers/contacts': {
      page: 1,
      pageSize: 5000,
      hasMore: false,
      totalCount: 2,
      data: [
        { id: 88_012, type: 'MobilePhone', value: '9045551234', memo: 'cell', modifiedOn: '2023-05-01T14:12:09Z', phoneSettings: { phoneNumber: '9045551234', doNotText: false }, customerId: 25_604_081 },
        { id: 88_013, type: 'Email', value: 'maria.lopez@example.com', memo: null, modifiedOn: '2023-05-01T14:12:09Z', phoneSettings: null, customerId: 25_604_081 },
      ],
    },
    'GET /crm/v2/tenant/2468/customers/25604081/contacts': {
      page: 1,
      pageSize: 50,
      hasMore: false,
      totalCount: null,
      data: [
        { id: 88_012, type: 'MobilePhone', value: '9045551234', memo: 'cell', modifiedOn: '2023-05-01T14:12:09Z', phoneSettings: { phoneNumber: '9045551234', doNotText: false } },
        { id: 88_013, type: 'Email', value: 'maria.lopez@example.com', memo: null, modifiedOn: '2023-05-01T14:12:09Z', phoneSettings: null },
      ],
    },
    'GET /accounting/v2/tenant/2468/invoices': {
      page: 1,
      pageSize: 500,
      hasMore: false,
      totalCount: null,
      data: [
        { id: 3_301, syncStatus: 'Exported', referenceNumber: '3301', invoiceDate: '2024-02-09T00:00:00Z', dueDate: '2024-03-10T00:00:00Z', subTotal: '325.00', salesTax: '0.00', total: '325.00', balance: '0.00', customer: { id: 25_604_081, name: 'Lopez, Maria' }, job: { id: 7_001, number: '7001', type: 'Repair' } },
        { id: 3_877, syncStatus: 'Exported', referenceNumber: '3877', invoiceDate: '2024-11-20T00:00:00Z', dueDate: '2024-12-20T00:00:00Z', subTotal: '89.5', salesTax: '0.00', total: '89.5', balance: '0.00', customer: { id: 25_604_081, name: 'Lopez, Maria' }, job: { id: 7_188, number: '7188', type: 'Maintenance' } },
      ],
    },
  };

  it('maps the documented customer, contact and invoice fields', async () => {
    const fixture = await fixtureServer(routes);
    try {
      const connector = createConnector('servicetitan', { ...serviceTitanSandboxCredentials, tenantId: '2468' }, urlsFor(fixture.url), fast);
      const page = await connector.listCustomers(null, 50);
      expect(page).toEqual({
        total: 1,
        next: null,
        customers: [
          {
            externalId: '25604081',
            firstName: 'Maria',
            lastName: 'Lopez',
            email: 'maria.lopez@example.com',
            phone: '9045551234',
            address: '1200 Ponce de Leon Blvd Apt 4',
            city: 'St Augustine',
            state: 'FL',
            zipCode: '32084',
            lastServiceDate: '2024-11-20',
            totalServices: 2,
            totalSpent: '414.50',
            preferredTechnician: null,
            notes: null,
          },
        ],
      });
      expect(fixture.seen[0]).toBe('POST /connect/token');
    } finally {
      await fixture.close();
    }
  });
  it('derives what it stores from answers with the legal gaps: a blank name, invoices without total, date or customer name', async () => {
    const customer = routes['GET /crm/v2/tenant/2468/customers'].data[0]!;
    const gaps = {
      ...routes,
      'GET /crm/v2/tenant/2468/customers': { ...routes['GET /crm/v2/tenant/2468/customers'], totalCount: null, data: [{ ...customer, name: '  ' }] },
      'GET /accounting/v2/tenant/2468/invoices': {
        page: 1,
        pageSize: 5000,
        hasMore: false,
        data: [
          // Only the id is required: a total from subtotal and tax, no total at all, and an invoice of nobody.
          { id: 1, total: null, subTotal: '100.00', salesTax: '7.00', customer: { id: 25_604_081, name: null }, invoiceDate: '2024-02-09T00:00:00Z' },
          { id: 2, customer: { id: 25_604_081 } },
          { id: 3, total: '50.00', customer: null },
          { id: 4 },
        ],
      },
    };
    const fixture = await fixtureServer(gaps);
    try {
      const connector = createConnector('servicetitan', { ...serviceTitanSandboxCredentials, tenantId: '2468' }, urlsFor(fixture.url), fast);
      const page = await connector.listCustomers(null, 50);
      expect(page.total).toBeNull();
      expect(page.customers[0]).toMatchObject({ firstName: '', lastName: 'ServiceTitan customer 25604081', totalServices: 2, totalSpent: '107.00', lastServiceDate: '2024-02-09' });
    } finally {
      await fixture.close();
    }
  });
  it('refuses a page far over the size it asked for', async () => {
    const customer = routes['GET /crm/v2/tenant/2468/customers'].data[0]!;
    const overfull = { ...routes, 'GET /crm/v2/tenant/2468/customers': { ...routes['GET /crm/v2/tenant/2468/customers'], data: Array.from({ length: 30 }, (_, index) => ({ ...customer, id: index + 1 })) } };
    const fixture = await fixtureServer(overfull);
    try {
      const connector = createConnector('servicetitan', { ...serviceTitanSandboxCredentials, tenantId: '2468' }, urlsFor(fixture.url), fast);
      const error = await failure(connector.listCustomers(null, 10), 'malformed');
      expect(error.message).toBe('ServiceTitan sent 30 records for a page of 10 (the customer list).');
    } finally {
      await fixture.close();
    }
  });
  it('reads a tenant-wide list on past its total while hasMore says there is more (it grew while read)', async () => {
    const invoice = (id: number) => ({ id, total: '10.00', customer: { id: 25_604_081, name: 'Lopez, Maria' } });
    const grown = {
      ...routes,
      'GET /accounting/v2/tenant/2468/invoices': (url: URL) =>
        url.searchParams.get('page') === '1'
          ? { page: 1, pageSize: 5000, hasMore: true, totalCount: 1, data: [invoice(1)] }
          : { page: 2, pageSize: 5000, hasMore: false, totalCount: null, data: [invoice(2)] },
    };
    const fixture = await fixtureServer(grown);
    try {
      const connector = createConnector('servicetitan', { ...serviceTitanSandboxCredentials, tenantId: '2468' }, urlsFor(fixture.url), fast);
      expect((await connector.listCustomers(null, 50)).customers[0]).toMatchObject({ totalServices: 2, totalSpent: '20.00' });
      expect(fixture.seen.filter((seen) => seen === 'GET /accounting/v2/tenant/2468/invoices')).toHaveLength(2);
    } finally {
      await fixture.close();
    }
  });
});
