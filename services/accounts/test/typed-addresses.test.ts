import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldServiceConnectionTestPath, fieldServiceSettingsPath } from '@repo/contracts';
import { serviceTitanSandboxCredentials } from '@repo/field-service/sandbox';
import { isPublicAddress, PrivateAddressError, publicOnlyFetch } from '../src/domain/public-address.ts';
import { admin, bearer, signInBackOffice, startAccounts, type AccountsTestService } from './support/accounts.ts';

/** The chain of causes of an error, outermost first. */
const causes = (err: unknown): unknown[] => (err instanceof Error ? [err, ...causes(err.cause)] : []);

describe('which addresses count as public', () => {
  it('refuses loopback, private, link-local, shared, documentation and multicast ranges in both families, IPv4 written as IPv6 too', () => {
    const inside = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '192.0.2.1', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', '2001:db8::1', 'not-an-address'];
    const outside = ['8.8.8.8', '172.32.0.1', '100.128.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    expect(inside.filter(isPublicAddress)).toEqual([]);
    expect(outside.filter((address) => !isPublicAddress(address))).toEqual([]);
  });
});

describe('the guarded fetch', () => {
  let server: Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects to no address inside the network, by name or written out, and sends nothing there', async () => {
    const guarded = publicOnlyFetch();
    // The server answers an ordinary fetch: what refuses below is the guard.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const before = requests;
    for (const url of [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      const failure = await guarded(url).then(() => undefined, (err: unknown) => err);
      expect({ url, refused: causes(failure).some((cause) => cause instanceof PrivateAddressError) }).toEqual({ url, refused: true });
    }
    expect(requests).toBe(before);
  });
});

describe('ServiceTitan addresses typed by an administrator, with FIELD_SERVICE_TYPED_URLS=public (production’s default)', () => {
  let service: AccountsTestService;
  let headers: Record<string, string>;
  const form = (apiUrl: string, authUrl = 'https://auth.servicetitan.io') => ({ ...serviceTitanSandboxCredentials, apiUrl, authUrl, requestsPerSecond: 60 });

  beforeAll(async () => {
    service = await startAccounts({ FIELD_SERVICE_SYSTEM: 'servicetitan', FIELD_SERVICE_TYPED_URLS: 'public' });
    headers = bearer((await signInBackOffice(service, admin)).token);
  });
  afterAll(() => service?.close());

  it('refuses an http address and one inside the network under its field, for Test connection and Save, storing nothing', async () => {
    const cases: [string, string][] = [
      ['http://api.servicetitan.io', 'API URL must be an https address: the connection carries your credentials'],
      ['https://127.0.0.1:8443', 'API URL points inside a private network (127.0.0.1 is 127.0.0.1): only addresses on the public internet can be called'],
      ['https://localhost/v2', 'API URL points inside a private network (localhost is 127.0.0.1): only addresses on the public internet can be called'],
      ['https://169.254.169.254/latest', 'API URL points inside a private network (169.254.169.254 is 169.254.169.254): only addresses on the public internet can be called'],
      ['https://[fd00::5]/', 'API URL points inside a private network (fd00::5 is fd00::5): only addresses on the public internet can be called'],
    ];
    for (const [apiUrl, message] of cases) {
      for (const [method, url] of [['POST', fieldServiceConnectionTestPath('servicetitan')], ['PUT', fieldServiceSettingsPath('servicetitan')]] as const) {
        const answer = await service.app.inject({ method, url, headers, payload: form(apiUrl, 'https://10.0.0.7/connect') });
        expect({ apiUrl, method, status: answer.statusCode, fields: answer.json().error?.fields }).toEqual({
          apiUrl,
          method,
          status: 400,
          fields: { apiUrl: message, authUrl: 'Auth URL points inside a private network (10.0.0.7 is 10.0.0.7): only addresses on the public internet can be called' },
        });
      }
    }
    expect(await service.db.selectFrom('field_service_settings').selectAll().execute()).toEqual([]);
  });

  it('checks authentication before the addresses: signed out is 401 whatever they are', async () => {
    const answer = await service.app.inject({ method: 'POST', url: fieldServiceConnectionTestPath('servicetitan'), payload: form('https://127.0.0.1') });
    expect(answer.statusCode).toBe(401);
  });
});
