import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessDate, importJobMessages, importJobSchema, type ImportJob } from '@repo/contracts';
import {
  demoCustomer,
  emailOf,
  phoneDigitsOf,
  serviceProIdOf,
  serviceProSandboxCompanyName,
  serviceProSandboxCredentials,
  startServiceProSandbox,
  type RunningSandbox,
} from '@repo/field-service/sandbox';
import { loadEnv } from '@repo/service-kit';
import { systemRuntime } from '@repo/service-kit/main';
import { testKeyEnv, testServiceKey } from '@repo/service-kit/test-service';
import { accountsService } from '../src/definition.ts';
import { accountsEnvSchema } from '../src/env.ts';
import {
  admin,
  bearer,
  claimsOf,
  forgetEmailProof,
  proveContact,
  registerCustomer,
  registrationsPublished,
  serviceProEnv,
  signInBackOffice,
  startAccounts,
  waitForImport,
  type AccountsTestService,
} from './support/accounts.ts';
import { pagesRead, range } from './support/sandbox-log.ts';

/** Three pages of 500 (the import's page size): 500, 500 and 100. */
const customers = 1_100;
const sandboxes: RunningSandbox[] = [];
const services: AccountsTestService[] = [];

async function setUp(sandboxOptions: Parameters<typeof startServiceProSandbox>[0] = {}, env: Record<string, string> = {}) {
  const sandbox = await startServiceProSandbox({ customers, ...sandboxOptions });
  sandboxes.push(sandbox);
  // The tests poll an import every 25 ms, far above a person's pace: more than the per-client limit allows in a minute.
  const service = await startAccounts(serviceProEnv(sandbox.url, { RATE_LIMIT_MAX: '100000', ...env }));
  services.push(service);
  const headers = bearer((await signInBackOffice(service, admin)).token);
  const start = () => service.app.inject({ method: 'POST', url: '/api/admin/import-all-customers', headers });
  const importedCount = async () => Number((await service.db.selectFrom('service_pro_customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { sandbox, service, headers, start, importedCount };
}

afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
});

describe('the customer import', () => {
  let setup: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    setup = await setUp();
  });

  it('names its source without any credential', async () => {
    const response = await setup.service.app.inject({ method: 'GET', url: '/api/admin/import-source', headers: setup.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ system: 'servicepro', systemName: 'ServicePro', company: serviceProSandboxCompanyName, sandbox: true });
    expect(response.body).not.toContain(serviceProSandboxCredentials.password);
  });

  it('starts in the background (202), streams page by page writing its progress, and imports everyone', async () => {
    // Page 3 is answered only after a 429 with Retry-After: 4 s, so the job visibly stands at 1,000 for a while.
    setup.sandbox.injectFault({ status: 429, times: 1, retryAfter: 4, path: /[?&]page=3(&|$)/ });
    const started = await setup.start();
    expect(started.statusCode).toBe(202);
    const job = importJobSchema.parse(started.json());
    expect(job).toMatchObject({ status: 'running', system: 'servicepro', company: serviceProSandboxCompanyName, startedBy: admin.email, fetched: 0, finishedAt: null, error: null });

    const { job: done, seen } = await waitForImport(setup.service, setup.headers, job.id);
    expect(done).toMatchObject({ status: 'succeeded', fetched: 1100, created: 1100, updated: 0, failed: 0, totalImported: 1100, expectedTotal: 1100, failures: [], error: null });
    expect(done.finishedAt).toEqual(expect.any(String));
    // The page showed the counts growing a page at a time, with the total known from the first page.
    const running = seen.filter((poll) => poll.status === 'running');
    expect(running.some((poll) => poll.fetched === 1000 && poll.created === 1000 && poll.expectedTotal === 1100)).toBe(true);
    // (1,100 while running: the last page is written, the end not yet.)
    expect(running.every((poll) => [0, 500, 1000, 1100].includes(poll.fetched))).toBe(true);
    expect(seen.map((poll) => poll.fetched)).toEqual([...seen.map((poll) => poll.fetched)].sort((a, b) => a - b));

    const pages = setup.sandbox.requests.filter((request) => request.path === '/customers').map((request) => request.query);
    expect(pages).toEqual([
      { page: '1', pageSize: '500' },
      { page: '2', pageSize: '500' },
      { page: '3', pageSize: '500' },
      { page: '3', pageSize: '500' },
    ]);
    expect(await setup.importedCount()).toBe(1100);
    const latest = await setup.service.app.inject({ method: 'GET', url: '/api/admin/import-jobs/latest', headers: setup.headers });
    expect(latest.json()).toEqual(done);
  });

  it('keeps what each customer is in the system, keyed by system and id', async () => {
    const list = await setup.service.app.inject({ method: 'GET', url: '/api/admin/servicepro-customers?q=(904) 802-1998', headers: setup.headers });
    expect(list.json()).toMatchObject({ total: 1, items: [{ sourceSystem: 'servicepro', serviceProId: serviceProIdOf(1), firstName: 'Robert', lastName: 'Alvarez', email: 'robert.alvarez@example.com' }] });
  });

  it('updates everyone and creates no one when run again', async () => {
    const started = await setup.start();
    expect(started.statusCode).toBe(202);
    const { job } = await waitForImport(setup.service, setup.headers, started.json().id);
    expect(job).toMatchObject({ status: 'succeeded', fetched: 1100, created: 0, updated: 1100, failed: 0, totalImported: 1100 });
    expect(await setup.importedCount()).toBe(1100);
  });

  it('runs one job at a time: 409 while one runs', async () => {
    // Three pages answered a second each: the first job is surely still running at the second start.
    setup.sandbox.setDelay(1000);
    try {
      const first = await setup.start();
      expect(first.statusCode).toBe(202);
      const second = await setup.start();
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ error: { code: 'CONFLICT', message: importJobMessages.alreadyRunning } });
      setup.sandbox.setDelay(0);
      expect((await waitForImport(setup.service, setup.headers, first.json().id)).job.status).toBe('succeeded');
    } finally {
      setup.sandbox.setDelay(0);
    }
  });

  it('answers 404 for a job that does not exist, and 400 for an id that is not one', async () => {
    const missing = await setup.service.app.inject({ method: 'GET', url: '/api/admin/import-jobs/999999', headers: setup.headers });
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: importJobMessages.jobNotFound } });
    const bad = await setup.service.app.inject({ method: 'GET', url: '/api/admin/import-jobs/abc', headers: setup.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'params.id': 'Import id must be a whole number from 1 to 2147483647' });
  });
});

describe('an import that fails midway', () => {
  it('keeps the pages imported before and says what failed and what to do', async () => {
    const { sandbox, service, headers, start, importedCount } = await setUp();
    // Page 2 fails every time (more often than the connector retries).
    sandbox.injectFault({ status: 500, times: 1000, path: /[?&]page=2(&|$)/ });
    const started = await start();
    expect(started.statusCode).toBe(202);
    const { job } = await waitForImport(service, headers, started.json().id);
    expect(job).toMatchObject({ status: 'failed', fetched: 500, created: 500, updated: 0, totalImported: 500, expectedTotal: 1100 });
    expect(job.error).toMatch(/^ServicePro is not answering properly right now \(.*HTTP 500.*\), so the import stopped after reading 500 customers\. The 500 customers imported before are kept; resume it to carry on from there, or run the import again\.$/);
    expect(await importedCount()).toBe(500);
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/import-jobs/latest', headers })).json()).toEqual(job);
  });
});

describe('an import the system fails midway', () => {
  /** The connector's five tries of one request (its four retries), for one attempt of a page job. */
  const triesPerAttempt = 5;

  it('waits to try the page again, saying why, and then carries on', async () => {
    const { sandbox, service, headers, start, importedCount } = await setUp();
    // Page 2 fails one attempt of its page job (every try the connector makes), then answers.
    sandbox.injectFault({ status: 503, times: triesPerAttempt, path: /[?&]page=2(&|$)/ });
    const started = await start();
    const { job, seen } = await waitForImport(service, headers, started.json().id);
    expect(job).toMatchObject({ status: 'succeeded', fetched: customers, created: customers, pagesSaved: 3, position: null, retry: null, resumable: false });
    const waiting = seen.find((state) => state.retry !== null);
    expect(waiting).toMatchObject({ status: 'running', fetched: 500, pagesSaved: 1, position: '2', retry: { attempt: 1, attempts: 2, failedAt: expect.any(String) } });
    expect(waiting?.retry?.message).toMatch(/^ServicePro is not answering properly right now \(ServicePro answered HTTP 503 for the customer list \(tried 5 times\)/);
    expect(pagesRead(sandbox).filter((page) => page !== 2)).toEqual([1, 3]);
    expect(await importedCount()).toBe(customers);
  });

  it('ends failed at the page it reached; Resume carries on from there, reading no saved page again and adding no one twice', { timeout: 60_000 }, async () => {
    const { sandbox, service, headers, start, importedCount } = await setUp();
    // Every attempt of page 2's job fails (two, each tried five times by the connector); then the system is back.
    sandbox.injectFault({ status: 500, times: 2 * triesPerAttempt, path: /[?&]page=2(&|$)/ });
    const started = await start();
    const id = started.json().id as number;
    const failed = (await waitForImport(service, headers, id)).job;
    expect(failed).toMatchObject({ status: 'failed', fetched: 500, created: 500, pagesSaved: 1, position: '2', retry: null, resumable: true, resumed: 0 });
    const readBefore = sandbox.requests.length;

    const resume = () => service.app.inject({ method: 'POST', url: `/api/admin/import-jobs/${id}/resume`, headers });
    const resumed = await resume();
    expect(resumed.statusCode).toBe(202);
    expect(resumed.json()).toMatchObject({ id, status: 'running', error: null, finishedAt: null, pagesSaved: 1, position: '2', resumed: 1 });
    const { job } = await waitForImport(service, headers, id);
    expect(job).toMatchObject({ status: 'succeeded', fetched: customers, created: customers, updated: 0, failed: 0, pagesSaved: 3, resumable: false, resumed: 1, error: null });
    // From the page it reached: pages 2 and 3 only, once each.
    expect(pagesRead({ requests: sandbox.requests.slice(readBefore) })).toEqual([2, 3]);
    expect(await importedCount()).toBe(customers);
    const distinct = await service.db.selectFrom('service_pro_customers').select((eb) => eb.fn.count('service_pro_id').distinct().as('n')).executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(customers);

    // A finished import is not resumed again, and an unknown one is not found.
    const again = await resume();
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 409, body: { error: { code: 'CONFLICT', message: importJobMessages.notResumable } } });
    const unknown = await service.app.inject({ method: 'POST', url: '/api/admin/import-jobs/999999/resume', headers });
    expect(unknown.statusCode).toBe(404);
    const list = await service.app.inject({ method: 'GET', url: '/api/admin/import-jobs', headers });
    expect(list.json().map((run: ImportJob) => [run.id, run.status, run.resumed])).toEqual([[id, 'succeeded', 1]]);
  });

  it('resumes only for administrators, checked before anything else', async () => {
    const { service } = await setUp({ customers: 5 });
    for (const [headers, status] of [[{}, 401], [{ authorization: service.bearer({ sub: 'staff:51', role: 'staff', email: 'desk@example.com' }) }, 403]] as const) {
      expect((await service.app.inject({ method: 'POST', url: '/api/admin/import-jobs/abc/resume', headers })).statusCode).toBe(status);
      expect((await service.app.inject({ method: 'GET', url: '/api/admin/import-jobs', headers })).statusCode).toBe(status);
    }
  });
});

describe('an import stopped by a restart', () => {
  /** The service built again on the same database, as a new process would be; `env` changes its configuration. */
  async function restart(service: AccountsTestService, sandboxUrl: string, env: Record<string, string> = {}) {
    const restarted = await accountsService.build(
      loadEnv('accounts', accountsEnvSchema, {
        ...testKeyEnv,
        LOG_LEVEL: 'silent',
        SERVICE_KEY: testServiceKey,
        TRUSTED_SERVICE_KEYS: `booking=${testServiceKey},tracking=${testServiceKey},payments=${testServiceKey},notifications=${testServiceKey}`,
        PEER_URLS: 'booking=http://127.0.0.1:9,tracking=http://127.0.0.1:9,payments=http://127.0.0.1:9,notifications=http://127.0.0.1:9',
        ...serviceProEnv(sandboxUrl, { RATE_LIMIT_MAX: '100000', ...env }),
      }),
      service.database,
      systemRuntime,
    );
    await restarted.ready();
    closing.push(() => restarted.close());
    return { ...service, app: restarted };
  }
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  /** Stops the service once the import has saved a page (its database stays open, as the next process's would be). */
  async function stopMidway(service: AccountsTestService, id: number) {
    await vi.waitFor(async () => {
      const row = await service.db.selectFrom('import_jobs').select('pages_saved').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.pages_saved).toBeGreaterThanOrEqual(1);
    }, { timeout: 30_000, interval: 20 });
    await service.app.close();
    const row = await service.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'running', error: null, finished_at: null });
    expect(row.fetched).toBeLessThan(customers);
    return row;
  }

  it('carries on when the service starts again, from the page it had saved, reading no page twice', async () => {
    // A second a page: the service closes with pages still to read.
    const { sandbox, service, headers, start, importedCount } = await setUp({ delayMs: 1000 });
    const started = await start();
    expect(started.statusCode).toBe(202);
    const stopped = await stopMidway(service, started.json().id);
    // Closing lets the page being read finish and be saved (within the queue's grace), so it stops between pages.
    expect(stopped.next_position).toBe(String(stopped.pages_saved + 1));
    const pagesBefore = pagesRead(sandbox);
    expect(pagesBefore).toEqual(range(1, stopped.pages_saved));

    const restarted = await restart(service, sandbox.url);
    const { job } = await waitForImport(restarted, headers, started.json().id);
    expect(job).toMatchObject({ status: 'succeeded', fetched: customers, created: customers, updated: 0, failed: 0, expectedTotal: customers, error: null });
    expect(await importedCount()).toBe(customers);
    expect(pagesRead(sandbox)).toEqual(range(1, 3));
  });

  it('ends failed, saying what to set, when the connection is no longer configured as it carries on', async () => {
    const { sandbox, service, headers, start, importedCount } = await setUp({ delayMs: 1000 });
    const started = await start();
    const stopped = await stopMidway(service, started.json().id);
    const restarted = await restart(service, sandbox.url, { SERVICEPRO_PASSWORD: '' });
    const { job } = await waitForImport(restarted, headers, started.json().id);
    const kept = stopped.created;
    expect(job).toMatchObject({
      status: 'failed',
      fetched: stopped.fetched,
      created: kept,
      error: `The ServicePro connection is no longer configured (an administrator enters its settings under Customer Management → Connection Settings, or sets SERVICEPRO_PASSWORD in the accounts service's environment), so the import stopped after reading ${stopped.fetched} customers. The ${kept} customers imported before are kept; resume it to carry on from there, or run the import again.`,
    });
    expect(await importedCount()).toBe(kept);
  });

  it('is ended as failed when its page job is gone (pg-boss gave it up), and then lets a new import start', async () => {
    const { service, headers, start } = await setUp();
    const job = { system: 'servicepro', company: 'C', status: 'running', started_by: admin.email, started_at: new Date(), expected_total: 1100, error: null, finished_at: null } as const;
    const read = async (id: number) => (await service.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers })).json() as ImportJob;
    // One whose page job pg-boss no longer has, and one left by a version that ran imports in memory (no page job).
    for (const pageJobId of [randomUUID(), null]) {
      const { id } = await service.db.insertInto('import_jobs').values({ ...job, fetched: 500, created: 500, page_job_id: pageJobId }).returning('id').executeTakeFirstOrThrow();
      expect(await read(id)).toMatchObject({ status: 'failed', error: importJobMessages.interrupted, fetched: 500, created: 500, finishedAt: expect.any(String) });
    }
    const again = await start();
    expect(again.statusCode).toBe(202);
    expect((await waitForImport(service, headers, again.json().id)).job.status).toBe('succeeded');
  });
});

describe('configuration', () => {
  it('answers 503 naming the variables to set (never a value) when server credentials are missing', async () => {
    const sandbox = await startServiceProSandbox({ customers: 5 });
    sandboxes.push(sandbox);
    // As compose passes variables it has no value for: empty, which means not set.
    const service = await startAccounts({ ...serviceProEnv(sandbox.url), SERVICEPRO_USERNAME: '', SERVICEPRO_PASSWORD: '' });
    services.push(service);
    const headers = bearer((await signInBackOffice(service, admin)).token);
    const message =
      "The ServicePro connection is not configured: an administrator enters its settings under Customer Management → Connection Settings, or sets SERVICEPRO_USERNAME, SERVICEPRO_PASSWORD in the accounts service's environment.";
    for (const [method, url, payload] of [['POST', '/api/admin/import-all-customers'], ['GET', '/api/admin/import-source'], ['POST', '/api/admin/lookup-customer-phone', { phone: '(904) 802-1998' }]] as const) {
      const response = await service.app.inject({ method, url, headers, payload });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message } } });
      expect(response.body).not.toContain(serviceProSandboxCredentials.company);
    }
    expect(await service.db.selectFrom('import_jobs').selectAll().execute()).toEqual([]);
  });

  it('answers 503 saying the configuration is wrong when the system refuses the server credentials', async () => {
    const { service, start } = await setUp({ customers: 5 }, { SERVICEPRO_PASSWORD: 'not-the-password' });
    const response = await start();
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(
      "ServicePro refused the server's credentials, so the connection settings are wrong: check them under Customer Management → Connection Settings (Test connection says which), or SERVICEPRO_COMPANY, SERVICEPRO_USERNAME, SERVICEPRO_PASSWORD when the environment sets them. Please try again in a minute once the configuration is fixed.",
    );
    expect(response.body).not.toContain('not-the-password');
    expect(await service.db.selectFrom('import_jobs').selectAll().execute()).toEqual([]);
  });
});

/** A ServicePro that answers the documented protocol with the customers given (for records the sandbox never has). */
async function serviceProWith(records: object[]): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/auth/token') return send(200, { accessToken: 'token', expiresIn: 3600, companyName: 'Records Co' });
    if (url.pathname !== '/customers') return send(404, { error: { code: 'not_found', message: 'No such path.' } });
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('pageSize') ?? 100);
    const slice = records.slice((page - 1) * size, page * size);
    return send(200, { customers: slice, page, pageSize: size, totalCount: records.length, hasMore: page * size < records.length });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('customers the back office cannot keep', () => {
  it('are counted as failed with the first 20 reasons, and the others are imported', async () => {
    const valid = (i: number) => ({
      id: `R-${i}`, firstName: 'Val', lastName: `Id ${i}`, phone: '(904) 555-0100', email: null, address: '1 King St', city: 'St Augustine', state: 'FL',
      zipCode: '32084', totalServices: 1, totalSpent: '89.00', lastServiceDate: '2025-03-01', preferredTechnician: null, notes: null, serviceHistory: [],
    });
    const records = [
      ...Array.from({ length: 24 }, (_, i) => ({ ...valid(i), email: `not-an-email-${i}` })),
      { ...valid(100), firstName: '', lastName: ' ' },
      ...Array.from({ length: 10 }, (_, i) => valid(200 + i)),
    ];
    const { url, server } = await serviceProWith(records);
    try {
      const service = await startAccounts(serviceProEnv(url, { FIELD_SERVICE_SANDBOX: 'false' }));
      services.push(service);
      const headers = bearer((await signInBackOffice(service, admin)).token);
      const started = await service.app.inject({ method: 'POST', url: '/api/admin/import-all-customers', headers });
      expect(started.json()).toMatchObject({ company: 'Records Co' });
      const { job } = await waitForImport(service, headers, started.json().id);
      expect(job).toMatchObject({ status: 'succeeded', fetched: 35, created: 10, updated: 0, failed: 25, totalImported: 10 });
      expect(job.failures).toHaveLength(20);
      expect(job.failures[0]).toEqual({ externalId: 'R-0', message: 'Email is not a valid email address' });
      expect(job.failures.every((failure) => failure.message === 'Email is not a valid email address')).toBe(true);
      const source = await service.app.inject({ method: 'GET', url: '/api/admin/import-source', headers });
      expect(source.json()).toEqual({ system: 'servicepro', systemName: 'ServicePro', company: 'Records Co', sandbox: false });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('linking portal customers to imported ones', () => {
  let setup: Awaited<ReturnType<typeof setUp>>;
  const history = (token: string) => setup.service.app.inject({ method: 'GET', url: '/api/auth/service-history', headers: bearer(token) });
  const logIn = async (email: string, password: string) => (await setup.service.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json().token as string;
  beforeAll(async () => {
    setup = await setUp({ customers: 40 });
  });

  it('links no one by what they merely claim: an imported customer\'s email typed at registration creates nothing, and a phone or an unproven email reveals nothing', async () => {
    // The attack: register with someone else's email (any letter case) or phone, then read their record and history.
    const before = Number((await setup.service.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const claimedEmail = await setup.service.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Mallory', lastName: 'Claim', email: emailOf(8)!.toUpperCase(), phone: '(212) 555-0001', password: 'kettle-harbor-42', confirmPassword: 'kettle-harbor-42' },
    });
    // The link to finish goes to the email's owner, whom the attacker is not.
    expect(claimedEmail.statusCode).toBe(202);
    expect((await registrationsPublished(setup.service, emailOf(8)!)).map((effect) => effect.purpose)).toEqual(['email-proof']);
    expect(Number((await setup.service.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);

    // An account from before registration asked for proof, with an imported customer's email it never proved, and a
    // proven account claiming an imported customer's phone.
    const digits = phoneDigitsOf(9);
    const legacy = await registerCustomer(setup.service, { email: emailOf(7)!.toUpperCase(), phone: '(212) 555-0000' });
    await forgetEmailProof(setup.service, legacy.email);
    const claims = [legacy, await registerCustomer(setup.service, { phone: `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` })];
    const { job } = await waitForImport(setup.service, setup.headers, (await setup.start()).json().id);
    expect(job.status).toBe('succeeded');
    for (const { email, password } of claims) {
      const token = await logIn(email, password);
      expect((await history(token)).json()).toEqual({ customer: null });
      const account = await setup.service.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
      expect(account.json()).toMatchObject({ serviceProCustomerId: null, emailVerified: email === legacy.email ? false : true });
    }
    // Nor after another import, which links every proven account it can.
    await waitForImport(setup.service, setup.headers, (await setup.start()).json().id);
    const rows = await setup.service.db.selectFrom('customers').select('service_pro_customer_id').where('email', 'in', claims.map((claim) => claim.email)).execute();
    expect(rows.map((row) => row.service_pro_customer_id)).toEqual([null, null]);
    expect(setup.sandbox.requests.some((request) => /\/service-history$/.test(request.path))).toBe(false);
  });

  it('links by a proven email (any letter case) when the registration is confirmed, and by a proven phone after each import', async () => {
    const linked = async (email: string) =>
      (await setup.service.db.selectFrom('customers').select('service_pro_customer_id').where('email', '=', email).executeTakeFirstOrThrow()).service_pro_customer_id;
    // Confirming the emailed link proves the email: linked at once, and the session says so (booking's import from a system can tell).
    const byEmail = await registerCustomer(setup.service, { email: emailOf(2)!.toUpperCase(), phone: '(212) 555-0004' });
    expect(byEmail.customer).toMatchObject({ serviceProCustomerId: serviceProIdOf(2), emailVerified: true });
    expect(claimsOf(byEmail.token).emailVerified).toBe(true);

    const digits = phoneDigitsOf(3);
    const byPhone = await registerCustomer(setup.service, { phone: `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` });
    // A proven email does not make a claimed phone count: this one's phone is customer 4's, its email nobody's.
    const phoneClaimed = await registerCustomer(setup.service, { phone: phoneDigitsOf(4) });
    await proveContact(setup.service, byPhone.email, 'phone');
    await waitForImport(setup.service, setup.headers, (await setup.start()).json().id);
    expect([await linked(byEmail.email), await linked(byPhone.email), await linked(phoneClaimed.email)]).toEqual([serviceProIdOf(2), serviceProIdOf(3), null]);
    const portal = await setup.service.app.inject({ method: 'GET', url: `/api/admin/customers?q=${encodeURIComponent(byEmail.email)}`, headers: setup.headers });
    expect(portal.json().items[0]).toMatchObject({ serviceProCustomerId: serviceProIdOf(2), emailVerified: true });

    // An account from before proof was asked for, proven later (a reset link): linked at its next login.
    const later = await registerCustomer(setup.service, { email: emailOf(6)!, phone: '(212) 555-0005' });
    await setup.service.db.updateTable('customers').set({ service_pro_customer_id: null, email_verified_at: null }).where('email', '=', later.email).execute();
    expect(claimsOf(await logIn(later.email, later.password)).emailVerified).toBeUndefined();
    expect(await linked(later.email)).toBeNull();
    await proveContact(setup.service, later.email, 'email');
    expect(claimsOf(await logIn(later.email, later.password)).emailVerified).toBe(true);
    expect(await linked(later.email)).toBe(serviceProIdOf(6));
  });

  it('links at login a proven customer imported after they registered', async () => {
    const { email, password, customer } = await registerCustomer(setup.service, { email: 'late@example.com', phone: '(212) 555-0002' });
    expect(customer.serviceProCustomerId).toBeNull();
    await setup.service.db.insertInto('service_pro_customers').values({
      service_pro_id: 'SP-LATE', first_name: 'Late', last_name: 'Comer', email: 'Late@Example.com', phone: '', address: '', city: '', state: '', zip_code: '',
      last_service_date: null, preferred_technician: null, notes: null,
    }).execute();
    await logIn(email, password);
    const linked = async () => (await setup.service.db.selectFrom('customers').select('service_pro_customer_id').where('email', '=', email).executeTakeFirstOrThrow()).service_pro_customer_id;
    expect(await linked()).toBe('SP-LATE');
  });

  it("shows a linked customer their record with its completed visits read from the system, newest first", async () => {
    // A customer the demo data gives several completed visits.
    const index = Array.from({ length: 28 }, (_, i) => 12 + i).find((i) => emailOf(i) && demoCustomer(i, Date.now()).visits.filter((visit) => visit.status === 'completed').length >= 2)!;
    const expected = demoCustomer(index, Date.now())
      .visits.filter((visit) => visit.status === 'completed')
      .map((visit) => ({ service: `${visit.serviceType}: ${visit.brand} ${visit.appliance}`, date: businessDate(visit.completedAt!), cost: (visit.totalCents! / 100).toFixed(2) }))
      .reverse();
    const { email, password } = await registerCustomer(setup.service, { email: emailOf(index)! });
    const token = await logIn(email, password);
    const response = await history(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().customer).toMatchObject({ id: serviceProIdOf(index), email: emailOf(index), serviceHistory: expected });
    expect(setup.sandbox.requests.some((request) => request.path === `/customers/${serviceProIdOf(index)}/service-history`)).toBe(true);
  });

  it('answers null to a customer linked to nobody, 401 to nobody and 403 to staff', async () => {
    const { email, password } = await registerCustomer(setup.service, { phone: '(212) 555-0003' });
    expect((await history(await logIn(email, password))).json()).toEqual({ customer: null });
    expect((await setup.service.app.inject({ method: 'GET', url: '/api/auth/service-history' })).statusCode).toBe(401);
    expect((await setup.service.app.inject({ method: 'GET', url: '/api/auth/service-history', headers: setup.headers })).statusCode).toBe(403);
  });

  it('answers a failing system with 502 and a message for the customer, never a 500', async () => {
    const { email, password } = await registerCustomer(setup.service, { email: emailOf(30)! });
    setup.sandbox.injectFault({ status: 500, times: 1000, path: new RegExp(`/customers/${serviceProIdOf(30)}/service-history`) });
    const response = await history(await logIn(email, password));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'UPSTREAM_ERROR', message: 'Your service history from ServicePro cannot be read right now. Please try again later.' } });
  });
});
