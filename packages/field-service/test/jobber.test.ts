import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConnector, fieldServiceEnvSchema, phoneDigits, requestJobberTokens, systemUrls, type ConnectorOptions, type SystemUrls } from '../src/index.ts';
import { jobberIdOf, jobberSandboxAccountName, jobberSandboxCredentials, jobberSandboxOAuth, startJobberSandbox, type RunningSandbox } from '../src/sandbox/index.ts';
import { allCustomers, failure, fixtureServer, gapMs, requestsTo, robertAlvarez } from './support/helpers.ts';

const fast: ConnectorOptions = { backoffMs: 5, maxRetries: 2, timeoutMs: 5_000 };
const urlsFor = (api: string): SystemUrls => ({
  servicepro: { api: 'http://127.0.0.1:9' },
  servicetitan: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9' },
  jobber: { api, version: '2025-04-16' },
});
const graphql = /^\/api\/graphql$/;
const variablesOf = (sandbox: RunningSandbox) => requestsTo(sandbox.requests, graphql).map((request) => (request.body as { variables: Record<string, unknown> }).variables);

describe('Jobber connector against the Jobber sandbox', () => {
  let sandbox: RunningSandbox;
  const connect = (options: ConnectorOptions = fast, credentials: Record<string, string> = jobberSandboxCredentials) =>
    createConnector('jobber', credentials, urlsFor(`${sandbox.url}/api/graphql`), options);

  beforeAll(async () => {
    // Throttling off here; its own tests below start sandboxes with small buckets.
    sandbox = await startJobberSandbox({ customers: 345, throttle: false });
  });
  afterAll(() => sandbox.close());
  afterEach(() => {
    sandbox.setDelay(0);
    sandbox.setMalformed(undefined);
    sandbox.clearLog();
  });

  it('posts JSON GraphQL with the bearer access token and the version header', async () => {
    expect(await connect().accountName()).toBe(jobberSandboxAccountName);
    const [request] = requestsTo(sandbox.requests, graphql);
    expect(request).toMatchObject({ method: 'POST', status: 200 });
    expect(request?.headers).toMatchObject({ authorization: '[redacted]', 'x-jobber-graphql-version': '2025-04-16', 'content-type': 'application/json' });
    expect(request?.body).toMatchObject({ operationName: 'Account' });
  });

  it('refuses a wrong access token as credentials, naming no token', async () => {
    const error = await failure(connect(fast, { apiKey: 'not-the-token-9931' }).accountName(), 'credentials', ['not-the-token-9931']);
    expect(error.message).toBe('Jobber refused this access token: check the API key, or connect the Jobber app again to get a new one.');
  });

  it('pages with first/after to the end: every client exactly once', async () => {
    const { customers } = await allCustomers(connect(), 100);
    expect(customers).toHaveLength(345);
    expect(new Set(customers.map((customer) => customer.externalId)).size).toBe(345);
    const variables = variablesOf(sandbox);
    expect(variables.map((value) => value.first)).toEqual([100, 100, 100, 100]);
    expect(variables[0]?.after).toBeNull();
    expect(new Set(variables.map((value) => value.after)).size).toBe(4);
    expect((await connect().listCustomers(null, 500)).total).toBe(345);
    expect(variablesOf(sandbox).at(-1)?.first).toBe(100);
  });

  it('maps a client with its phones, emails, billing address and completed jobs', async () => {
    const { customers } = await connect().listCustomers(null, 2);
    expect(customers[1]).toEqual(robertAlvarez(jobberIdOf(1)));
  });

  it('honours Retry-After on a 429, retries 5xx, and gives up as unavailable', async () => {
    const connector = connect();
    sandbox.injectFault({ status: 429, times: 1, retryAfter: 1 });
    expect(await connector.accountName()).toBe(jobberSandboxAccountName);
    const [limited, retried] = requestsTo(sandbox.requests, graphql);
    expect([limited?.status, retried?.status]).toEqual([429, 200]);
    expect(gapMs(limited!, retried!)).toBeGreaterThanOrEqual(1_000);

    sandbox.clearLog();
    sandbox.injectFault({ status: 500, times: 3 });
    const error = await failure(connector.accountName(), 'unavailable');
    expect(error.message).toBe('Jobber answered HTTP 500 for the account (tried 3 times). Please try again later.');
  });

  it('times out slow answers and rejects malformed ones', async () => {
    sandbox.setDelay(1_000);
    const slow = await failure(connect({ ...fast, timeoutMs: 100, maxRetries: 0 }).accountName(), 'unavailable');
    expect(slow.message).toBe('Jobber did not answer within 0.1 s for the account (tried once). Please try again later.');
    sandbox.setDelay(0);
    sandbox.setMalformed({});
    await failure(connect().listCustomers(null, 5), 'malformed');
  });

  it('fails a body that never ends within the timeout, and a huge one without reading it all', async () => {
    sandbox.setMalformed({ kind: 'trickle' });
    const slow = await failure(connect({ ...fast, timeoutMs: 300, maxRetries: 0 }).accountName(), 'unavailable');
    expect(slow.message).toBe('Jobber did not answer within 0.3 s for the account (tried once). Please try again later.');
    sandbox.setMalformed({ kind: 'endless' });
    const huge = await failure(connect({ ...fast, maxBodyBytes: 1024 * 1024 }).listCustomers(null, 100), 'malformed');
    expect(huge.message).toBe('Jobber sent an answer larger than 1 MB for the client list; it was not read.');
    sandbox.setMalformed({ kind: 'not-json' });
    const garbage = await failure(connect().accountName(), 'malformed');
    expect(garbage.message).toBe('Jobber sent an answer that is not JSON for the account.');
  });

  it('refuses a page with more clients than it asked for, and sends the configured GraphQL version', async () => {
    const oversized: typeof fetch = async (input, init) => {
      const answer = (await (await fetch(input, init)).json()) as { data: { clients: { nodes: unknown[] } } };
      answer.data.clients.nodes = [...answer.data.clients.nodes, ...answer.data.clients.nodes];
      return Response.json(answer);
    };
    const error = await failure(connect({ ...fast, fetch: oversized }).listCustomers(null, 5), 'malformed');
    expect(error.message).toBe('Jobber sent 10 clients for a page of 5 (the client list).');

    const env = fieldServiceEnvSchema.parse({ JOBBER_API_URL: `${sandbox.url}/api/graphql`, JOBBER_API_VERSION: '2026-01-20' });
    sandbox.clearLog();
    await createConnector('jobber', jobberSandboxCredentials, systemUrls(env), fast).accountName();
    expect(requestsTo(sandbox.requests, graphql)[0]?.headers['x-jobber-graphql-version']).toBe('2026-01-20');
  });

  it('finds a client by phone in three formats through the search term', async () => {
    const connector = connect();
    for (const typed of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998']) {
      expect((await connector.findCustomersByPhone(phoneDigits(typed)!)).map((customer) => customer.externalId)).toEqual([jobberIdOf(1)]);
    }
    expect(variablesOf(sandbox).map((value) => value.searchTerm)).toEqual(['9048021998', '9048021998', '9048021998']);
  });

  it('finds a client by email, and reads one client or null', async () => {
    const connector = connect();
    expect((await connector.findCustomersByEmail('Demo@Example.com')).map((customer) => customer.lastName)).toEqual(['Whitfield']);
    expect((await connector.getCustomer(jobberIdOf(0)))?.firstName).toBe('Dana');
    expect(await connector.getCustomer(jobberIdOf(9_999))).toBeNull();
  });

  it('lists a client’s visits from its jobs, with technician, notes, total and property address', async () => {
    const visits = await connect().listVisits(jobberIdOf(0));
    expect(visits.map((visit) => [visit.serviceType, visit.appliance, visit.brand, visit.status, visit.total])).toEqual([
      ['Repair', 'Refrigerator', 'Sub-Zero', 'completed', '289.00'],
      ['Maintenance', 'Range', 'Wolf', 'completed', '149.50'],
      ['Repair', 'Dishwasher', 'Bosch', 'scheduled', null],
    ]);
    expect(visits[0]).toMatchObject({
      description: 'Sub-Zero refrigerator: freezer not holding temperature.',
      technicianName: 'Mike Johnson',
      technicianNotes: 'Replaced defrost heater.',
      address: { street: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' },
    });
    await failure(connect().listVisits(jobberIdOf(9_999)), 'not-found');
  });
});

describe('Jobber query-cost throttling', () => {
  it('waits (requested − available) / restoreRate seconds after THROTTLED, then succeeds', async () => {
    // 50 clients cost 1,854 points here: the first page leaves 1,146 of 3,000, so the second waits about 0.7 s. The
    // bucket's clock stands still until the throttled answer is logged, so however slow the machine is between the two
    // pages, the second one is throttled; from then on time runs, so the retry after the wait succeeds.
    const started: { requests?: RunningSandbox['requests'] } = {};
    const start = Date.now();
    const throttleClock = () => {
      const throttledAt = started.requests && requestsTo(started.requests, graphql)[1]?.at;
      return throttledAt === undefined ? start : start + (Date.now() - throttledAt);
    };
    const sandbox = await startJobberSandbox({ customers: 120, throttle: { maximumAvailable: 3_000, restoreRate: 1_000 }, throttleClock });
    started.requests = sandbox.requests;
    try {
      const connector = createConnector('jobber', jobberSandboxCredentials, urlsFor(`${sandbox.url}/api/graphql`), fast);
      const first = await connector.listCustomers(null, 50);
      await connector.listCustomers(first.next, 50);
      const [, throttled, retried] = requestsTo(sandbox.requests, graphql);
      expect(requestsTo(sandbox.requests, graphql)).toHaveLength(3);
      expect(gapMs(throttled!, retried!)).toBeGreaterThanOrEqual(700);
    } finally {
      await sandbox.close();
    }
  });

  it('fails at once for a query that costs more than the bucket ever holds', async () => {
    const sandbox = await startJobberSandbox({ customers: 120, throttle: { maximumAvailable: 1_000, restoreRate: 1_000 } });
    try {
      const connector = createConnector('jobber', jobberSandboxCredentials, urlsFor(`${sandbox.url}/api/graphql`), fast);
      const error = await failure(connector.listCustomers(null, 50), 'unavailable');
      expect(error.message).toBe('Jobber refused the query for the client list: it costs more points than Jobber ever allows at once.');
      expect(requestsTo(sandbox.requests, graphql)).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });
});

describe('Jobber connector reading answers shaped as Jobber documents them', () => {
  // The cost block and the THROTTLED answer are the examples of Jobber's "API Rate Limits" page, verbatim; the client
  // fields are those of its Client object reference.
  const documentedCost = { requestedQueryCost: 142, actualQueryCost: 47, throttleStatus: { maximumAvailable: 10_000, currentlyAvailable: 9_953, restoreRate: 500 } };
  const documentedThrottled = {
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://developer.getjobber.com/docs/using_jobbers_api/api_rate_limits' } }],
    extensions: { cost: { requestedQueryCost: 10_001, actualQueryCost: 0, throttleStatus: { maximumAvailable: 10_000, currentlyAvailable: 10_000, restoreRate: 500 } } },
  };

  it('reads a client list with the documented cost extension', async () => {
    const fixture = await fixtureServer({
      'POST /api/graphql': {
        data: {
          clients: {
            nodes: [
              {
                id: 'Z2lkOi8vSm9iYmVyL0NsaWVudC8xMjM0NQ==',
                firstName: 'Jane',
                lastName: 'Doe',
                companyName: null,
                emails: [{ address: 'jane.doe@example.com', primary: true }],
                phones: [
                  { number: '904-555-0199', primary: false },
                  { number: '(904) 555-0100', primary: true },
                ],
                billingAddress: { street1: '9 Aviles St', street2: null, city: 'St Augustine', province: 'FL', postalCode: '32084' },
                jobs: { totalCount: 2, nodes: [{ total: 250, completedAt: '2024-06-03T17:00:00Z' }, { total: 120.5, completedAt: null }] },
              },
            ],
            pageInfo: { hasNextPage: false, endCursor: 'MQ' },
            totalCount: 1,
          },
        },
        extensions: { cost: documentedCost },
      },
    });
    try {
      const connector = createConnector('jobber', { apiKey: 'access-token' }, urlsFor(`${fixture.url}/api/graphql`), fast);
      expect(await connector.listCustomers(null, 100)).toEqual({
        total: 1,
        next: null,
        customers: [
          {
            externalId: 'Z2lkOi8vSm9iYmVyL0NsaWVudC8xMjM0NQ==',
            firstName: 'Jane',
            lastName: 'Doe',
            email: 'jane.doe@example.com',
            phone: '(904) 555-0100',
            address: '9 Aviles St',
            city: 'St Augustine',
            state: 'FL',
            zipCode: '32084',
            lastServiceDate: '2024-06-03',
            totalServices: 1,
            totalSpent: '250.00',
            preferredTechnician: null,
            notes: null,
          },
        ],
      });
    } finally {
      await fixture.close();
    }
  });

  it('does not wait on the documented THROTTLED answer whose query exceeds the maximum', async () => {
    const fixture = await fixtureServer({ 'POST /api/graphql': documentedThrottled });
    try {
      const connector = createConnector('jobber', { apiKey: 'access-token' }, urlsFor(`${fixture.url}/api/graphql`), fast);
      await failure(connector.accountName(), 'unavailable');
      expect(fixture.seen).toHaveLength(1);
    } finally {
      await fixture.close();
    }
  });

  it('turns GraphQL errors into a message from Jobber', async () => {
    const fixture = await fixtureServer({
      'POST /api/graphql': { errors: [{ message: "Field 'visits' doesn't exist on type 'Client'", locations: [{ line: 3, column: 5 }], path: ['query', 'client', 'visits'], extensions: { code: 'undefinedField' } }] },
    });
    try {
      const connector = createConnector('jobber', { apiKey: 'access-token' }, urlsFor(`${fixture.url}/api/graphql`), fast);
      const error = await failure(connector.accountName(), 'unavailable');
      expect(error.message).toBe("Jobber could not answer the query for the account: Field 'visits' doesn't exist on type 'Client'");
    } finally {
      await fixture.close();
    }
  });
});

describe('Jobber access token renewal', () => {
  it('renews an expired access token with the refresh token once, then repeats the call', async () => {
    const sandbox = await startJobberSandbox({ customers: 10, throttle: false });
    try {
      const urls = urlsFor(`${sandbox.url}/api/graphql`);
      const connector = createConnector('jobber', { ...jobberSandboxCredentials, ...jobberSandboxOAuth }, { ...urls, jobber: { ...urls.jobber, oauth: `${sandbox.url}/api/oauth/token` } }, fast);
      await connector.accountName();
      sandbox.expireTokens();
      expect(await connector.accountName()).toBe(jobberSandboxAccountName);
      const renewal = requestsTo(sandbox.requests, /^\/api\/oauth\/token$/);
      expect(renewal.map((request) => [request.status, request.body])).toEqual([
        [200, { client_id: 'jobber-sandbox-client', client_secret: '[redacted]', grant_type: 'refresh_token', refresh_token: '[redacted]' }],
      ]);
      expect(requestsTo(sandbox.requests, graphql).map((request) => request.status)).toEqual([200, 401, 200]);

      // Without refresh settings an expired token is a credentials failure.
      const plain = createConnector('jobber', jobberSandboxCredentials, urls, fast);
      await failure(plain.accountName(), 'credentials');
    } finally {
      await sandbox.close();
    }
  });
});

describe('Jobber refresh-token rotation in the sandbox', () => {
  it('answers a new refresh token at each renewal and refuses the old one from then on', async () => {
    const sandbox = await startJobberSandbox({ customers: 1, throttle: false });
    try {
      const app = { clientId: jobberSandboxOAuth.clientId, clientSecret: jobberSandboxOAuth.clientSecret, tokenUrl: `${sandbox.url}/api/oauth/token` };
      const first = await requestJobberTokens(app, { grant_type: 'refresh_token', refresh_token: jobberSandboxOAuth.refreshToken }, fast);
      expect(first.refreshToken).not.toBe(jobberSandboxOAuth.refreshToken);
      const refused = await failure(requestJobberTokens(app, { grant_type: 'refresh_token', refresh_token: jobberSandboxOAuth.refreshToken }, fast), 'credentials');
      expect(refused.message).toBe('Jobber refused the refresh token (it was revoked, rotated out or belongs to another app): connect Jobber again from the back office.');
      const second = await requestJobberTokens(app, { grant_type: 'refresh_token', refresh_token: first.refreshToken! }, fast);
      const urls = urlsFor(`${sandbox.url}/api/graphql`);
      expect(await createConnector('jobber', { apiKey: second.accessToken }, urls, fast).accountName()).toBe(jobberSandboxAccountName);
    } finally {
      await sandbox.close();
    }
  });

  it('plays the consent page: the authorize URL redirects back with a code and the state, exchanged once', async () => {
    const sandbox = await startJobberSandbox({ customers: 1, throttle: false });
    try {
      const authorize = new URL(`${sandbox.url}/api/oauth/authorize`);
      const redirectUri = 'https://backoffice.example.com/api/admin/jobber/callback';
      authorize.search = new URLSearchParams({ client_id: jobberSandboxOAuth.clientId, redirect_uri: redirectUri, response_type: 'code', state: 's-1' }).toString();
      const answer = await fetch(authorize, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const back = new URL(answer.headers.get('location')!);
      expect([back.origin + back.pathname, back.searchParams.get('state')]).toEqual([redirectUri, 's-1']);
      const app = { clientId: jobberSandboxOAuth.clientId, clientSecret: jobberSandboxOAuth.clientSecret, tokenUrl: `${sandbox.url}/api/oauth/token` };
      const grant = { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: redirectUri } as const;
      expect((await requestJobberTokens(app, grant, fast)).refreshToken).toMatch(/^jobber-refresh\./);
      await failure(requestJobberTokens(app, grant, fast), 'credentials');
      expect((await fetch(`${sandbox.url}/api/oauth/authorize?client_id=someone-else&redirect_uri=${redirectUri}&response_type=code`, { redirect: 'manual' })).status).toBe(400);
    } finally {
      await sandbox.close();
    }
  });
});
