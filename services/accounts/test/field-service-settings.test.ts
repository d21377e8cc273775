import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldServiceConnectionTestPath, fieldServiceSettingsPath, type ImportJob } from '@repo/contracts';
import {
  serviceProSandboxCompanyName,
  serviceProSandboxCredentials,
  serviceTitanSandboxCredentials,
  startServiceProSandbox,
  startServiceTitanSandbox,
  type RunningSandbox,
} from '@repo/field-service/sandbox';
import { secretBox } from '../src/domain/secret-box.ts';
import { admin, bearer, nonAdministrators, signInBackOffice, startAccounts, waitForImport, type AccountsTestService } from './support/accounts.ts';

const titanPath = fieldServiceSettingsPath('servicetitan');
const titanTest = fieldServiceConnectionTestPath('servicetitan');
const { clientId, clientSecret, appKey, tenantId } = serviceTitanSandboxCredentials;

/** The form as an administrator fills it in for a sandbox, secrets typed. */
const titanForm = (sandbox: RunningSandbox, overrides: Record<string, unknown> = {}) => ({
  apiUrl: sandbox.url,
  authUrl: sandbox.url,
  tenantId,
  clientId,
  clientSecret,
  appKey,
  requestsPerSecond: 60,
  ...overrides,
});

describe('ServiceTitan connection settings (administrators)', () => {
  let first: RunningSandbox;
  let second: RunningSandbox;
  let service: AccountsTestService;
  let headers: Record<string, string>;

  beforeAll(async () => {
    [first, second] = await Promise.all([startServiceTitanSandbox({ customers: 7 }), startServiceTitanSandbox({ customers: 12 })]);
    // The import reads from ServiceTitan, and the environment has only its addresses (no credentials yet).
    service = await startAccounts({ FIELD_SERVICE_SYSTEM: 'servicetitan', SERVICETITAN_API_URL: first.url, SERVICETITAN_AUTH_URL: first.url, SERVICETITAN_CLIENT_ID: clientId, SERVICETITAN_CLIENT_SECRET: clientSecret });
    headers = bearer((await signInBackOffice(service, admin)).token);
  });
  afterAll(async () => {
    await service?.close();
    await Promise.all([first?.close(), second?.close()]);
  });

  const put = (payload: unknown) => service.app.inject({ method: 'PUT', url: titanPath, headers, payload: payload as object });
  const test = (payload: unknown) => service.app.inject({ method: 'POST', url: titanTest, headers, payload: payload as object });
  const startImport = () => service.app.inject({ method: 'POST', url: '/api/admin/import-all-customers', headers });

  it('lets only administrators in, before looking at the body: 401 signed out, 403 for customers, technicians and staff', async () => {
    const callers = await nonAdministrators(service);
    for (const [who, callerHeaders, expected] of callers) {
      for (const [method, url] of [['GET', titanPath], ['PUT', titanPath], ['POST', titanTest], ['GET', fieldServiceSettingsPath('servicepro')]] as const) {
        // A body that would fail validation: the refusal comes first.
        const answer = await service.app.inject({ method, url, headers: callerHeaders, payload: method === 'GET' ? undefined : { apiUrl: 'nope' } });
        expect({ who, method, url, status: answer.statusCode }).toEqual({ who, method, url, status: expected });
      }
    }
    expect(await service.db.selectFrom('field_service_settings').selectAll().execute()).toEqual([]);
  });

  it('shows the environment’s values as the start, a secret only as set and its last four', async () => {
    const response = await service.app.inject({ method: 'GET', url: titanPath, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      system: 'servicetitan',
      apiUrl: first.url,
      authUrl: first.url,
      tenantId: '',
      clientId,
      requestsPerSecond: 60,
      clientSecret: { set: true, last4: clientSecret.slice(-4) },
      appKey: { set: false, last4: null },
      source: 'environment',
      updatedBy: null,
      updatedAt: null,
      inUse: true,
      sandbox: false,
    });
    expect(response.body).not.toContain(clientSecret);
    // Not configured yet (no app key, no tenant): the import says where to fill them in.
    const refused = await startImport();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toBe(
      "The ServiceTitan connection is not configured: an administrator enters its settings under Customer Management → Connection Settings, or sets SERVICETITAN_APP_KEY, SERVICETITAN_TENANT_ID in the accounts service's environment.",
    );
  });

  it('refuses bad values with a message per field (400), storing nothing', async () => {
    const response = await put({ apiUrl: 'ftp://example.com', authUrl: 'not a url', tenantId: '12a', clientId: '', clientSecret: 'line\nbreak', requestsPerSecond: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      apiUrl: 'API base URL must be an http(s) address such as https://api.servicetitan.io',
      authUrl: 'Auth URL must be an http(s) address such as https://auth.servicetitan.io',
      tenantId: 'Tenant id must be digits only, e.g. 1234567',
      clientId: 'Client id is required',
      clientSecret: 'Client secret must be printable text without line breaks or characters outside Latin-1',
      requestsPerSecond: 'Requests per second must be more than 0',
    });
    // A secret nothing stored can stand in for: named under its field.
    const noKey = await put(titanForm(first, { appKey: '' }));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'App key is required: nothing is stored yet', fields: { appKey: 'App key is required: nothing is stored yet' } });
    expect(await service.db.selectFrom('field_service_settings').selectAll().execute()).toEqual([]);
  });

  it('tests the values typed before saving: success, and a wrong secret in words under its field', async () => {
    const good = await test(titanForm(first));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({
      ok: true,
      checks: [
        { step: 'sign-in', ok: true, message: `Signed in to ServiceTitan at ${first.url}.` },
        { step: 'customers', ok: true, message: `Read a page of tenant ${tenantId}'s customers at ${first.url}.` },
      ],
    });
    const wrong = await test(titanForm(first, { clientSecret: 'cs1.not-the-secret' }));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().checks).toEqual([
      {
        step: 'sign-in',
        ok: false,
        field: 'clientSecret',
        message: 'ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both against the app in ServiceTitan’s developer portal.',
      },
    ]);
    const otherTenant = await test(titanForm(first, { tenantId: '123' }));
    expect(otherTenant.json().checks[1]).toMatchObject({ ok: false, field: 'tenantId', message: 'Signed in to ServiceTitan, but tenant 123 answered 403: check the tenant id, and that the app is enabled for this tenant.' });
    expect(await service.db.selectFrom('field_service_settings').selectAll().execute()).toEqual([]);
  });

  it('saves them encrypted at rest; an empty secret keeps the one in force; the next import uses them without a restart', async () => {
    const saved = await put(titanForm(first, { clientSecret: '' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ source: 'stored', tenantId, clientSecret: { set: true, last4: clientSecret.slice(-4) }, appKey: { set: true, last4: null }, updatedBy: admin.email });
    const row = await service.db.selectFrom('field_service_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.settings).toEqual({ apiUrl: first.url, authUrl: first.url, tenantId, clientId, requestsPerSecond: 60 });
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toContain(clientSecret);
    expect(row.secrets).not.toContain(appKey);

    const firstImport = await startImport();
    expect(firstImport.statusCode).toBe(202);
    expect((await waitForImport(service, headers, firstImport.json().id)).job).toMatchObject({ status: 'succeeded', fetched: 7, created: 7 });

    // Pointed at another tenant's sandbox: the very next import reads there.
    expect((await put(titanForm(second, { clientSecret: '', appKey: '' }))).statusCode).toBe(200);
    second.clearLog();
    const secondImport = await startImport();
    expect(secondImport.statusCode).toBe(202);
    const { job } = await waitForImport(service, headers, secondImport.json().id);
    expect(job).toMatchObject<Partial<ImportJob>>({ status: 'succeeded', fetched: 12 });
    expect(second.requests.some((request) => request.path === '/crm/v2/tenant/1234567/customers')).toBe(true);
    expect((await service.db.selectFrom('field_service_settings').select('version').executeTakeFirstOrThrow()).version).toBe(2);
  });
});

describe('ServicePro connection settings (administrators)', () => {
  let sandbox: RunningSandbox;
  let service: AccountsTestService;
  let headers: Record<string, string>;
  const path = fieldServiceSettingsPath('servicepro');

  beforeAll(async () => {
    sandbox = await startServiceProSandbox({ customers: 5 });
    service = await startAccounts({ FIELD_SERVICE_SYSTEM: 'servicepro', SERVICEPRO_API_URL: sandbox.url });
    headers = bearer((await signInBackOffice(service, admin)).token);
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  it('treats secrets sealed with another key (FIELD_SERVICE_CREDENTIALS_KEY changed) as not set, never failing', async () => {
    const otherKey = secretBox(Buffer.alloc(32, 7));
    await service.db
      .insertInto('field_service_settings')
      .values({ system: 'servicepro', settings: JSON.stringify({ apiUrl: sandbox.url, company: 'c', username: 'u' }), secrets: otherKey.seal(JSON.stringify({ password: 'sealed-elsewhere' })), updated_by: 'someone', updated_at: new Date() })
      .execute();
    const shown = await service.app.inject({ method: 'GET', url: path, headers });
    expect(shown.json()).toMatchObject({ source: 'stored', company: 'c', password: { set: false, last4: null } });
    const refused = await service.app.inject({ method: 'POST', url: '/api/admin/import-all-customers', headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toContain('The ServicePro connection is not configured: an administrator enters its settings');
    await service.db.deleteFrom('field_service_settings').execute();
  });

  it('starts empty, tests and saves the company, username and password, and the import then reads with them', async () => {
    const empty = await service.app.inject({ method: 'GET', url: path, headers });
    expect(empty.json()).toMatchObject({ system: 'servicepro', apiUrl: sandbox.url, company: '', username: '', password: { set: false, last4: null }, source: 'environment', inUse: true });
    const form = { apiUrl: sandbox.url, ...serviceProSandboxCredentials };
    const tested = await service.app.inject({ method: 'POST', url: fieldServiceConnectionTestPath('servicepro'), headers, payload: { ...form, password: 'wrong-one' } });
    expect(tested.json().checks).toEqual([{ step: 'sign-in', ok: false, field: 'password', message: 'ServicePro refused to sign in with this company, username and password: check all three.' }]);
    const saved = await service.app.inject({ method: 'PUT', url: path, headers, payload: form });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ source: 'stored', company: serviceProSandboxCredentials.company, password: { set: true, last4: 'word' } });
    expect(saved.body).not.toContain(serviceProSandboxCredentials.password);
    const source = await service.app.inject({ method: 'GET', url: '/api/admin/import-source', headers });
    expect(source.json()).toEqual({ system: 'servicepro', systemName: 'ServicePro', company: serviceProSandboxCompanyName, sandbox: false });
  });
});
