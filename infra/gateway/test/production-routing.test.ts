import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appNames, serviceNames, type ServiceName } from '@repo/contracts';
import net from 'node:net';
import { renderNginxConfig, trustedProxiesFile, trustedProxyRangesFile } from '../src/nginx-config.ts';
import { nginxAvailable, nginxBinary, startNginx, type NginxProcess } from '../src/nginx-process.ts';
import { contentSecurityPolicy, crossOriginOpenerPolicy, permissionsPolicy, protocolErrors, strictTransportSecurity } from '../src/policy.ts';
import { productionNginxOptions } from '../src/topology.ts';
import { startFakeServices, type FakeServices, type ServiceEcho } from './support/fake-services.ts';
import { freePort, tempDir, writeDists, type TempDir } from './support/fixtures.ts';
import { metricsProbes } from './support/gateway-behaviour.ts';

/** A TLS terminator in front, as GATEWAY_TRUSTED_PROXIES would name it: this test connects from it as well. */
const terminator = '127.0.0.2';

/**
 * Sends `path` to the gateway with a Host header, as a browser on that host name would; `from` is the local address
 * to connect from, `headers` more request headers.
 */
function get(
  port: number,
  host: string,
  path: string,
  { from, headers = {} }: { from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, localAddress: from, headers: { ...headers, host } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

const hostOf = (app: string) => `${app}.test`;

/** The object store's origin, as the container's entrypoint fills it in from OBJECT_STORE_ORIGIN. */
const objectStore = 'https://appointment-photos.s3.us-east-1.amazonaws.com';

describe.skipIf(!nginxAvailable())(
  nginxAvailable() ? 'the production config routes by host name' : `production routing (skipped: ${nginxBinary} is missing)`,
  () => {
    let work: TempDir;
    let services: FakeServices;
    let nginx: NginxProcess;
    let port: number;

    beforeAll(async () => {
      work = await tempDir('production');
      services = await startFakeServices();
      const dists = await writeDists(work.dir);
      port = await freePort();
      const prefix = path.join(work.dir, 'nginx');
      const config = renderNginxConfig({
        ...productionNginxOptions,
        // Every app on one port, told apart by server_name, as on port 80 in the container.
        apps: productionNginxOptions.apps.map((site) => ({ ...site, listen: port, serverName: hostOf(site.name), root: dists[site.name] })),
        upstreams: Object.fromEntries(serviceNames.map((service) => [service, new URL(services.upstreams[service]).host])) as Record<
          ServiceName,
          string
        >,
        origins: { portal: `https://${hostOf('portal')}`, backoffice: `https://${hostOf('backoffice')}` },
        deploymentOrigins: { objectStore },
        prefix,
        user: process.getuid?.() === 0 ? 'root' : undefined,
      });
      // What the container's entrypoint writes from GATEWAY_TRUSTED_PROXIES.
      await mkdir(prefix, { recursive: true });
      await writeFile(path.join(prefix, trustedProxiesFile.replace('*', '')), `set_real_ip_from ${terminator};\n`);
      await writeFile(path.join(prefix, trustedProxyRangesFile), `${terminator} 1;\n`);
      nginx = await startNginx({ config, prefix, host: '127.0.0.1', ports: [port] });
    });

    afterAll(async () => {
      await nginx?.stop();
      await services?.close();
      await work?.remove();
    });

    it.each(appNames)('serves the %s app on its host name, with HSTS, and 404 for a path that is none of its pages', async (app) => {
      const response = await get(port, hostOf(app), '/');
      expect(response.status).toBe(200);
      expect(response.body).toContain(`<title>${app}</title>`);
      for (const path of ['/some/route', '/healthz', '/openapi.json']) expect((await get(port, hostOf(app), path)).status).toBe(404);
      expect(response.headers['strict-transport-security']).toBe(strictTransportSecurity);
      expect(response.headers['x-frame-options']).toBe('DENY');
    });

    it.each([...appNames.map(hostOf), 'unknown.test'])("never passes a path on %s to a service's /metrics", async (host) => {
      for (const path of metricsProbes) {
        const response = await get(port, host, path);
        const echo = (response.headers['content-type']?.startsWith('application/json') ? JSON.parse(response.body) : {}) as Partial<ServiceEcho>;
        if (echo.service === undefined) {
          expect(response.status, path).toBe(404);
          continue;
        }
        // Reached by an API route: the service gets the path below that route, which its /metrics is not.
        expect(new URL(echo.url ?? '', 'http://service').pathname, path).not.toBe('/metrics');
        expect(echo.url, path).not.toMatch(/^\/+metrics/);
      }
    });

    it.each(appNames)('sends the same security headers on the %s host whatever Host and X-Forwarded-Host say', async (app) => {
      for (const [host, path] of [[hostOf(app), '/'], [`${hostOf(app)}:4443`, '/'], [hostOf(app), '/api/auth/session'], [`${hostOf(app)}:4443`, '/api/x']]) {
        const response = await get(port, host!, path!, { headers: { 'x-forwarded-host': 'evil.example' } });
        for (const [name, value] of Object.entries(response.headers)) expect(String(value), name).not.toMatch(/4443|evil\.example/);
        expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy(app, { objectStore }));
        expect(response.headers['permissions-policy']).toBe(permissionsPolicy(app));
        expect(response.headers['cross-origin-opener-policy']).toBe(crossOriginOpenerPolicy(app));
        expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
        // The app's page carries it; the service's answer does not get it from the gateway.
        expect(response.headers['cross-origin-resource-policy']).toBe(path === '/' ? 'same-origin' : undefined);
        expect(response.headers['strict-transport-security']).toBe(strictTransportSecurity);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    });

    it('forwards the peer as the client, or the address a trusted TLS terminator reports, never one the client chose', async () => {
      const forwardedFor = async (from: string, xff: string) => {
        const response = await get(port, hostOf('portal'), '/api/auth/session', { from, headers: { 'x-forwarded-for': xff } });
        const echo = JSON.parse(response.body) as ServiceEcho;
        expect(echo.headers['x-real-ip']).toBe(echo.headers['x-forwarded-for']);
        return echo.ip;
      };
      // A client straight on the gateway: what it claims is dropped, so every claim lands in its own bucket.
      expect(await forwardedFor('127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
      expect(await forwardedFor('127.0.0.1', '198.51.100.4')).toBe('127.0.0.1');
      // Through the terminator: the address it saw (the last entry), not what the client put before it.
      expect(await forwardedFor(terminator, '10.9.9.9, 203.0.113.7')).toBe('203.0.113.7');
    });

    it('forwards its own scheme as X-Forwarded-Proto, or the one a trusted TLS terminator reports, never one the client chose', async () => {
      const forwardedProto = async (from: string, proto?: string) => {
        const response = await get(port, hostOf('portal'), '/api/auth/session', { from, headers: proto ? { 'x-forwarded-proto': proto } : {} });
        return (JSON.parse(response.body) as ServiceEcho).headers['x-forwarded-proto'];
      };
      expect(await forwardedProto('127.0.0.1', 'https')).toBe('http');
      expect(await forwardedProto('127.0.0.1')).toBe('http');
      expect(await forwardedProto(terminator, 'https')).toBe('https');
      expect(await forwardedProto(terminator, 'gopher')).toBe('http');
      expect(await forwardedProto(terminator)).toBe('http');
    });

    it('answers a request line too long to read with the JSON 414 before the host is known, from the catch-all server too', async () => {
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
        socket.write(`GET /api/appointments?q=${'a'.repeat(9000)} HTTP/1.1\r\nHost: ${hostOf('portal')}\r\n\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 414 /);
      expect(answer).toMatch(/\r\nContent-Type: application\/json\r\n/);
      expect(answer).toMatch(/\r\nStrict-Transport-Security: max-age=31536000\r\n/);
      // No app's server has read the host yet: the catch-all's policy, which allows nothing from elsewhere.
      expect(answer).toContain(`\r\nContent-Security-Policy: ${contentSecurityPolicy(undefined)}\r\n`);
      expect(answer).toContain(`\r\nPermissions-Policy: ${permissionsPolicy(undefined)}\r\n`);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(protocolErrors[414]);
    });

    it('proxies the API on every host name', async () => {
      for (const app of appNames) {
        const response = await get(port, hostOf(app), '/api/auth/session');
        expect((JSON.parse(response.body) as ServiceEcho).service).toBe('accounts');
      }
    });

    it('redirects legacy paths on the web host name to the https portal and back office', async () => {
      const login = await get(port, hostOf('web'), '/login?x=1');
      expect(login.status).toBe(302);
      expect(login.headers.location).toBe('https://portal.test/login?x=1');
      const admin = await get(port, hostOf('web'), '/admin-login');
      expect(admin.headers.location).toBe('https://backoffice.test/admin-login');
    });

    it('answers other host names from a catch-all server that only reports health', async () => {
      expect((await get(port, 'unknown.example', '/')).status).toBe(404);
      expect((await get(port, 'unknown.example', '/api/appointments')).status).toBe(404);
      const health = await get(port, '127.0.0.1', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toBe('ok\n');
      expect(health.headers['content-security-policy']).toBe(contentSecurityPolicy(undefined));
      expect(health.headers['content-security-policy']).not.toContain('stripe');
      expect(health.headers['permissions-policy']).toBe('geolocation=(), camera=(), microphone=(), payment=()');
      expect(health.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(health.headers['strict-transport-security']).toBe(strictTransportSecurity);
    });
  },
);
