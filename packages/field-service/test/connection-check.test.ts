import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkConnection, type SystemUrls } from '../src/index.ts';
import {
  serviceProSandboxCompanyName,
  serviceProSandboxCredentials,
  serviceTitanSandboxCredentials,
  startServiceProSandbox,
  startServiceTitanSandbox,
  type RunningSandbox,
} from '../src/sandbox/index.ts';

const nowhere = 'http://127.0.0.1:9';
const timeoutMs = 2_000;

/** A loopback port nobody listens on: a server is opened there, then closed. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('Test connection against the ServiceTitan sandbox', () => {
  let sandbox: RunningSandbox;
  const urls = (api = sandbox.url, auth = sandbox.url): SystemUrls => ({ servicepro: { api: nowhere }, servicetitan: { api, auth }, jobber: { api: nowhere, version: '2025-04-16' } });
  const check = (credentials: Record<string, string> = serviceTitanSandboxCredentials, where = urls(), timeout = timeoutMs) =>
    checkConnection('servicetitan', credentials, where, { timeoutMs: timeout, backoffMs: 5 });

  beforeAll(async () => {
    sandbox = await startServiceTitanSandbox({ customers: 30 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => {
    sandbox.setDelay(0);
    sandbox.setMalformed(undefined);
    sandbox.clearLog();
  });

  it('signs in and reads one page of one customer: two cheap requests and the token', async () => {
    expect(await check()).toEqual({
      ok: true,
      checks: [
        { step: 'sign-in', ok: true, message: `Signed in to ServiceTitan at ${sandbox.url}.` },
        { step: 'customers', ok: true, message: `Read a page of tenant 1234567's customers at ${sandbox.url}.` },
      ],
    });
    const tenantCalls = sandbox.requests.filter((request) => request.path.includes('/tenant/'));
    expect(tenantCalls.map((request) => [request.path, request.query.pageSize])).toEqual([['/crm/v2/tenant/1234567/customers', '1']]);
  });

  it('a wrong client secret is the sign-in refused, pointing at the secret, never showing it', async () => {
    const report = await check({ ...serviceTitanSandboxCredentials, clientSecret: 'cs1.wrong-4471' });
    expect(report).toEqual({
      ok: false,
      checks: [
        {
          step: 'sign-in',
          ok: false,
          field: 'clientSecret',
          message: 'ServiceTitan refused to sign in with this client id and client secret (invalid_client): check both against the app in ServiceTitan’s developer portal.',
        },
      ],
    });
    expect(JSON.stringify(report)).not.toContain('wrong-4471');
  });

  it('a tenant the app is not enabled for answers 403 after a good sign-in', async () => {
    const report = await check({ ...serviceTitanSandboxCredentials, tenantId: '123' });
    expect(report.ok).toBe(false);
    expect(report.checks).toEqual([
      { step: 'sign-in', ok: true, message: `Signed in to ServiceTitan at ${sandbox.url}.` },
      { step: 'customers', ok: false, field: 'tenantId', message: 'Signed in to ServiceTitan, but tenant 123 answered 403: check the tenant id, and that the app is enabled for this tenant.' },
    ]);
  });

  it('a wrong app key is the API refusing it (401) after a good sign-in', async () => {
    const report = await check({ ...serviceTitanSandboxCredentials, appKey: 'ak1.wrong' });
    expect(report.checks[1]).toEqual({ step: 'customers', ok: false, field: 'appKey', message: 'Signed in to ServiceTitan, but its API refused the app key (401): check the app key (ST-App-Key) of the app.' });
  });

  it('an auth URL nobody listens on is "connection refused", pointing at the auth URL', async () => {
    const closed = await closedPort();
    expect((await check(serviceTitanSandboxCredentials, urls(sandbox.url, closed))).checks).toEqual([
      { step: 'sign-in', ok: false, field: 'authUrl', message: `ServiceTitan sign-in failed. Could not reach ${closed}: connection refused. Check the auth URL.` },
    ]);
  });

  it('an API base URL nobody listens on fails the customers after the sign-in', async () => {
    const closed = await closedPort();
    expect((await check(serviceTitanSandboxCredentials, urls(closed))).checks[1]).toEqual({
      step: 'customers',
      ok: false,
      field: 'apiUrl',
      message: `Signed in to ServiceTitan, but reading tenant 1234567's customers failed. Could not reach ${closed}: connection refused. Check the API base URL.`,
    });
  });

  it('a host that does not answer in time is a timeout with the time waited', async () => {
    sandbox.setDelay(1_000);
    expect((await check(serviceTitanSandboxCredentials, urls(), 200)).checks).toEqual([
      {
        step: 'sign-in',
        ok: false,
        field: 'authUrl',
        message: `ServiceTitan sign-in failed. ${sandbox.url} did not answer within 0.2 s. Check the auth URL; if it is right, the system is slow or down: try again in a few minutes.`,
      },
    ]);
  });

  it('an API base URL with a wrong path answers 404', async () => {
    expect((await check(serviceTitanSandboxCredentials, urls(`${sandbox.url}/v1`))).checks[1]).toEqual({
      step: 'customers',
      ok: false,
      field: 'apiUrl',
      message: `Signed in to ServiceTitan, but reading tenant 1234567's customers failed. ${sandbox.url}/v1 answered 404 (no such page). Check the API base URL.`,
    });
  });

  it('ServiceTitan failing (503) or limiting (429) says to try again, blaming no setting', async () => {
    sandbox.injectFault({ status: 503, times: 1, path: /\/tenant\// });
    expect((await check()).checks[1]).toEqual({
      step: 'customers',
      ok: false,
      message: "Signed in to ServiceTitan, but reading tenant 1234567's customers failed. ServiceTitan answered HTTP 503: it is having trouble. Try again in a few minutes.",
    });
    sandbox.injectFault({ status: 429, times: 1, retryAfter: 0, path: /\/tenant\// });
    expect((await check()).checks[1]).toEqual({
      step: 'customers',
      ok: false,
      message: "Signed in to ServiceTitan, but reading tenant 1234567's customers failed. ServiceTitan is limiting requests (HTTP 429): another app may be using the same limit. Try again in a minute.",
    });
  });

  it('an auth URL that answers something else than ServiceTitan (an HTML page) is named', async () => {
    sandbox.setMalformed({ kind: 'not-json', path: /connect\/token/, times: 1 });
    expect((await check()).checks).toEqual([
      {
        step: 'sign-in',
        ok: false,
        field: 'authUrl',
        message: `ServiceTitan sign-in failed. ${sandbox.url} answered with something that is not ServiceTitan's API (ServiceTitan sent an answer that is not JSON for the sign-in.). Check the auth URL.`,
      },
    ]);
  });

  it('a tenant id that could change the request path is refused before anything is sent', async () => {
    expect(await check({ ...serviceTitanSandboxCredentials, tenantId: '12/../3' })).toEqual({
      ok: false,
      checks: [{ step: 'sign-in', ok: false, message: 'The ServiceTitan tenant id must be digits only' }],
    });
    expect(sandbox.requests.filter((request) => request.path.includes('/tenant/'))).toEqual([]);
  });
});

describe('Test connection against the ServicePro sandbox', () => {
  let sandbox: RunningSandbox;
  const urls = (api = sandbox.url): SystemUrls => ({ servicepro: { api }, servicetitan: { api: nowhere, auth: nowhere }, jobber: { api: nowhere, version: '2025-04-16' } });
  const check = (credentials: Record<string, string> = serviceProSandboxCredentials, where = urls(), timeout = timeoutMs) =>
    checkConnection('servicepro', credentials, where, { timeoutMs: timeout, backoffMs: 5 });

  beforeAll(async () => {
    sandbox = await startServiceProSandbox({ customers: 42 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.setDelay(0));

  it('signs in as the company and reads the first page, telling how many customers there are', async () => {
    expect(await check()).toEqual({
      ok: true,
      checks: [
        { step: 'sign-in', ok: true, message: `Signed in to ServicePro as ${serviceProSandboxCompanyName}.` },
        { step: 'customers', ok: true, message: 'Read the first page of customers (42 in all).' },
      ],
    });
  });

  it('a wrong password is the sign-in refused', async () => {
    expect((await check({ ...serviceProSandboxCredentials, password: 'not-it' })).checks).toEqual([
      { step: 'sign-in', ok: false, field: 'password', message: 'ServicePro refused to sign in with this company, username and password: check all three.' },
    ]);
  });

  it('an address nobody listens on, and a slow one', async () => {
    const closed = await closedPort();
    expect((await check(serviceProSandboxCredentials, urls(closed))).checks).toEqual([
      { step: 'sign-in', ok: false, field: 'apiUrl', message: `ServicePro sign-in failed. Could not reach ${closed}: connection refused. Check the API URL.` },
    ]);
    sandbox.setDelay(1_000);
    expect((await check(serviceProSandboxCredentials, urls(), 300)).checks[0]?.message).toBe(
      `ServicePro sign-in failed. ${sandbox.url} did not answer within 0.3 s. Check the API URL; if it is right, the system is slow or down: try again in a few minutes.`,
    );
  });
});
