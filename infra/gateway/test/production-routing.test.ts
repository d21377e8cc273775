import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appNames, serviceNames, type ServiceName } from '@repo/contracts';
import { renderNginxConfig } from '../src/nginx-config.ts';
import { nginxAvailable, nginxBinary, startNginx, type NginxProcess } from '../src/nginx-process.ts';
import { productionNginxOptions } from '../src/topology.ts';
import { startFakeServices, type FakeServices, type ServiceEcho } from './support/fake-services.ts';
import { freePort, tempDir, writeDists, type TempDir } from './support/fixtures.ts';

/** Sends `path` to the gateway with a Host header, as a browser on that host name would. */
function get(port: number, host: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

const hostOf = (app: string) => `${app}.test`;

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
        prefix,
        user: process.getuid?.() === 0 ? 'root' : undefined,
      });
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
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(response.headers['x-frame-options']).toBe('DENY');
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
    });
  },
);
