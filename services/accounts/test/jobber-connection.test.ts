import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobberCallbackPath, jobberConnectionPath, jobberConnectPath, localAppOrigin, staffSessionCookieName } from '@repo/contracts';
import { createJobberConnector, FieldServiceError, requestJobberTokens, type ConnectorOptions } from '@repo/field-service';
import { jobberSandboxAccountName, jobberSandboxCredentials, jobberSandboxOAuth, startJobberSandbox, type RunningSandbox } from '@repo/field-service/sandbox';
import { createDatabase, type Database } from '@repo/service-kit/db';
import { createMigratedTestDatabase, type TestDatabase } from '@repo/service-kit/testing';
import { migrations } from '../src/db/migrations/index.ts';
import type { AccountsDatabase } from '../src/db/schema.ts';
import type { JobberSettings } from '../src/domain/jobber-settings.ts';
import { developmentCredentialsKey, parseCredentialsKey, secretBox } from '../src/domain/secret-box.ts';
import { storedJobberTokens } from '../src/use-cases/jobber-connection.ts';
import { admin, nonAdministrators, signInBackOffice, startAccounts, type AccountsTestService } from './support/accounts.ts';

const box = secretBox(parseCredentialsKey(developmentCredentialsKey)!);
const options: ConnectorOptions = { timeoutMs: 5_000, maxRetries: 1, backoffMs: 5 };
const tokenRequests = (sandbox: RunningSandbox) => sandbox.requests.filter((request) => request.path === '/api/oauth/token');

function jobberEnv(sandbox: RunningSandbox, seed: boolean): Record<string, string> {
  return {
    FIELD_SERVICE_SYSTEM: 'jobber',
    JOBBER_API_URL: `${sandbox.url}/api/graphql`,
    JOBBER_OAUTH_TOKEN_URL: `${sandbox.url}/api/oauth/token`,
    JOBBER_OAUTH_AUTHORIZE_URL: `${sandbox.url}/api/oauth/authorize`,
    JOBBER_CLIENT_ID: jobberSandboxOAuth.clientId,
    JOBBER_CLIENT_SECRET: jobberSandboxOAuth.clientSecret,
    ...(seed ? { JOBBER_API_KEY: jobberSandboxCredentials.apiKey, JOBBER_REFRESH_TOKEN: jobberSandboxOAuth.refreshToken } : {}),
  };
}

describe('Jobber tokens kept in the database, shared by instances and restarts', () => {
  let sandbox: RunningSandbox;
  let testDatabase: TestDatabase;
  const pools: Database<AccountsDatabase>[] = [];

  beforeAll(async () => {
    sandbox = await startJobberSandbox({ customers: 3, throttle: false });
    testDatabase = await createMigratedTestDatabase({ owner: 'accounts', migrations });
  });
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    await testDatabase?.cleanup();
    await sandbox?.close();
  });

  /**
   * One accounts instance's Jobber connector, seeded from the environment: on PostgreSQL with its own pool on the shared
   * database; on PGlite (one process's database, which a second handle would not share) on the same handle.
   */
  async function instance() {
    const database = testDatabase.kind === 'postgres' || pools.length === 0 ? await createDatabase<AccountsDatabase>(testDatabase.config) : pools[0]!;
    if (!pools.includes(database)) pools.push(database);
    const jobber: JobberSettings = {
      box,
      app: { clientId: jobberSandboxOAuth.clientId, clientSecret: jobberSandboxOAuth.clientSecret, tokenUrl: `${sandbox.url}/api/oauth/token` },
      authorizeUrl: `${sandbox.url}/api/oauth/authorize`,
      redirectUrl: `${localAppOrigin('backoffice')}${jobberCallbackPath}`,
      urls: { api: `${sandbox.url}/api/graphql`, version: '2025-04-16' },
      options,
      seed: { accessToken: jobberSandboxCredentials.apiKey, refreshToken: jobberSandboxOAuth.refreshToken },
      sandbox: true,
    };
    const tokens = storedJobberTokens({ db: database.db, now: () => new Date(), jobber });
    return { db: database.db, connector: createJobberConnector({ apiKey: '', tokens }, jobber.urls, options) };
  }

  it('seeds the row from the environment once, stores the tokens encrypted, and renews once for two instances at a time', async () => {
    const [first, second] = [await instance(), await instance()];
    expect(await first.connector.accountName()).toBe(jobberSandboxAccountName);
    const seeded = await first.db.selectFrom('jobber_connections').selectAll().executeTakeFirstOrThrow();
    expect(seeded.source).toBe('environment');
    // Encrypted at rest: the column holds neither token, and opens to them with the key.
    expect(seeded.access_token).not.toContain(jobberSandboxCredentials.apiKey);
    expect(seeded.refresh_token).not.toContain(jobberSandboxOAuth.refreshToken);
    expect([box.open(seeded.access_token!), box.open(seeded.refresh_token!)]).toEqual([jobberSandboxCredentials.apiKey, jobberSandboxOAuth.refreshToken]);

    sandbox.expireTokens();
    sandbox.clearLog();
    const names = await Promise.all([first.connector.accountName(), second.connector.accountName(), first.connector.accountName(), second.connector.accountName()]);
    expect(names).toEqual(Array(4).fill(jobberSandboxAccountName));
    expect(tokenRequests(sandbox).map((request) => request.status)).toEqual([200]);

    const renewed = await first.db.selectFrom('jobber_connections').selectAll().executeTakeFirstOrThrow();
    expect(renewed.renewed_at).not.toBeNull();
    expect(box.open(renewed.refresh_token!)).toMatch(/^jobber-refresh\./);
    expect(renewed.refresh_token).not.toContain('jobber-refresh');
    // Rotation: the environment's refresh token is refused by Jobber from now on.
    const app = { clientId: jobberSandboxOAuth.clientId, clientSecret: jobberSandboxOAuth.clientSecret, tokenUrl: `${sandbox.url}/api/oauth/token` };
    const refused = await requestJobberTokens(app, { grant_type: 'refresh_token', refresh_token: jobberSandboxOAuth.refreshToken }, options).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FieldServiceError);
    expect((refused as FieldServiceError).kind).toBe('credentials');
  });

  it('after a restart renews with the rotated refresh token from the database, not the environment’s', async () => {
    const restarted = await instance();
    sandbox.expireTokens();
    sandbox.clearLog();
    expect(await restarted.connector.accountName()).toBe(jobberSandboxAccountName);
    expect(tokenRequests(sandbox).map((request) => request.status)).toEqual([200]);
    const row = await restarted.db.selectFrom('jobber_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.source).toBe('environment');
    expect(row.last_error).toBeNull();
  });
});

describe('Connect Jobber from the back office', () => {
  let sandbox: RunningSandbox;
  let service: AccountsTestService;
  let cookie: Record<string, string>;
  const origin = { origin: localAppOrigin('backoffice') };

  beforeAll(async () => {
    sandbox = await startJobberSandbox({ customers: 3, throttle: false });
    service = await startAccounts(jobberEnv(sandbox, false));
    const signedIn = await signInBackOffice(service, admin);
    cookie = { [staffSessionCookieName]: signedIn.cookie.value };
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });
  afterEach(() => sandbox.clearLog());

  const status = async () => {
    const answer = await service.app.inject({ method: 'GET', url: jobberConnectionPath, cookies: cookie });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  /** Connect Jobber up to the callback: the consent page's redirect back, as the browser would follow it. */
  const consent = async (cookies = cookie) => {
    const started = await service.app.inject({ method: 'POST', url: jobberConnectPath, cookies, headers: origin });
    expect(started.statusCode).toBe(200);
    const authorizeUrl = new URL(started.json().authorizeUrl as string);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({ client_id: jobberSandboxOAuth.clientId, response_type: 'code', redirect_uri: `${localAppOrigin('backoffice')}${jobberCallbackPath}` });
    const redirected = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(redirected.headers.get('location')!);
    return { path: back.pathname, state: back.searchParams.get('state')!, code: back.searchParams.get('code')! };
  };

  it('is not connected before the first connection', async () => {
    expect(await status()).toMatchObject({ connected: false, source: null, accountName: null, canRenew: false, appConfigured: true, lastError: null });
  });

  it('connects through the consent page: tokens stored encrypted, the account named, usable by the import', async () => {
    const { path, state, code } = await consent();
    const callback = await service.app.inject({ method: 'GET', url: path, query: { state, code }, cookies: cookie });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/admin-customer-management?jobber=connected');
    expect(tokenRequests(sandbox).map((request) => [request.status, request.body?.grant_type])).toEqual([[200, 'authorization_code']]);
    expect(await status()).toMatchObject({ connected: true, source: 'back-office', accountName: jobberSandboxAccountName, connectedBy: admin.email, canRenew: true, lastError: null });
    const row = await service.db.selectFrom('jobber_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.refresh_token).not.toContain('jobber-refresh');
    expect(box.open(row.refresh_token!)).toMatch(/^jobber-refresh\./);
    const source = await service.app.inject({ method: 'GET', url: '/api/admin/import-source', cookies: cookie });
    expect(source.json()).toMatchObject({ system: 'jobber', company: jobberSandboxAccountName });

    // A used state does not work twice.
    const replay = await service.app.inject({ method: 'GET', url: path, query: { state, code }, cookies: cookie });
    expect(replay.statusCode).toBe(403);
  });

  it('refuses a callback without a state (400), with one it did not make or another session made (403), never a 500', async () => {
    const { path, state, code } = await consent();
    const missing = await service.app.inject({ method: 'GET', url: path, query: { code }, cookies: cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ 'querystring.state': 'is missing: start Connect Jobber again from the back office' });
    const forged = await service.app.inject({ method: 'GET', url: path, query: { code, state: 'x'.repeat(43) }, cookies: cookie });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toBe('This Jobber connection attempt was not started in this session, or it has expired: start Connect Jobber again.');
    const other = await signInBackOffice(service, admin);
    const elsewhere = await service.app.inject({ method: 'GET', url: path, query: { code, state }, cookies: { [staffSessionCookieName]: other.cookie.value } });
    expect(elsewhere.statusCode).toBe(403);
    const noCode = await service.app.inject({ method: 'GET', url: path, query: { state }, cookies: cookie });
    expect(noCode.statusCode).toBe(400);
    // The attempt is still this session's to finish.
    const finished = await service.app.inject({ method: 'GET', url: path, query: { state, code }, cookies: cookie });
    expect(finished.headers.location).toBe('/admin-customer-management?jobber=connected');
  });

  it('keeps Jobber’s refusal as the last error and redirects with jobber=failed', async () => {
    const { path, state } = await consent();
    const declined = await service.app.inject({ method: 'GET', url: path, query: { state, error: 'access_denied', error_description: 'The user denied access' }, cookies: cookie });
    expect(declined.headers.location).toBe('/admin-customer-management?jobber=failed');
    expect((await status()).lastError).toBe('Jobber did not connect: The user denied access. Start Connect Jobber again to retry.');
    const again = await consent();
    const badCode = await service.app.inject({ method: 'GET', url: again.path, query: { state: again.state, code: 'code.not-issued' }, cookies: cookie });
    expect(badCode.headers.location).toBe('/admin-customer-management?jobber=failed');
    expect((await status()).lastError).toBe('Jobber refused the authorization code (it expired or was used already): connect Jobber again.');
  });

  it('disconnects: the tokens are gone and the import says to connect again', async () => {
    // A bare DELETE is not meant: it leaves the connection.
    expect((await service.app.inject({ method: 'DELETE', url: jobberConnectionPath, cookies: cookie, headers: origin, payload: {} })).statusCode).toBe(400);
    const disconnected = await service.app.inject({ method: 'DELETE', url: jobberConnectionPath, cookies: cookie, headers: origin, payload: { confirm: true } });
    expect(disconnected.statusCode).toBe(204);
    expect(await status()).toMatchObject({ connected: false, accountName: null });
    const row = await service.db.selectFrom('jobber_connections').selectAll().executeTakeFirstOrThrow();
    expect([row.access_token, row.refresh_token]).toEqual([null, null]);
    const lookup = await service.app.inject({ method: 'POST', url: '/api/admin/lookup-customer-phone', payload: { phone: '(904) 802-1998' }, cookies: cookie, headers: origin });
    expect(lookup.statusCode).toBe(503);
    expect(lookup.json().error.message).toContain('an administrator connects Jobber again under Customer Management → Import Customers');
  });

  it('lets only administrators in: 401 signed out, 403 for customers, technicians and staff', async () => {
    const callers = await nonAdministrators(service);
    const calls = [
      { method: 'GET', url: jobberConnectionPath },
      { method: 'POST', url: jobberConnectPath },
      { method: 'GET', url: `${jobberCallbackPath}?code=c&state=${'s'.repeat(43)}` },
      { method: 'DELETE', url: jobberConnectionPath },
    ] as const;
    for (const [who, headers, expected] of callers) {
      for (const call of calls) {
        const answer = await service.app.inject({ method: call.method, url: call.url, headers: { ...origin, ...headers } });
        expect({ who, url: call.url, status: answer.statusCode }).toEqual({ who, url: call.url, status: expected });
      }
    }
  });
});

