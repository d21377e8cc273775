import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { appNames, type AppName } from '@repo/contracts';
import { startGateway } from '../../src/gateway.ts';
import { renderNginxConfig } from '../../src/nginx-config.ts';
import { startNginx } from '../../src/nginx-process.ts';
import type { ClientTimeouts } from '../../src/policy.ts';
import { localNginxOptions } from '../../src/topology.ts';
import { freePort } from './fixtures.ts';
import type { StartGatewayUnderTest } from './gateway-behaviour.ts';

const host = '127.0.0.1';

/** Real nginx with the rendered local config, each app on a free port; `timeouts` as given or the defaults. */
export const nginxGateway =
  (timeouts?: ClientTimeouts): StartGatewayUnderTest =>
  async ({ services, dists, workDir }) => {
    const ports = {} as Record<AppName, number>;
    for (const app of appNames) ports[app] = await freePort();
    const origins = { portal: `http://${host}:${ports.portal}`, backoffice: `http://${host}:${ports.backoffice}` };
    const prefix = path.join(workDir, 'nginx');
    // As root the workers would run as nobody and could not read the private temp directory.
    const user = process.getuid?.() === 0 ? 'root' : undefined;
    const config = renderNginxConfig({
      ...localNginxOptions({ host, ports, roots: dists, upstreams: services.upstreams, origins }, prefix, user),
      timeouts,
    });
    const nginx = await startNginx({ config, prefix, host, ports: Object.values(ports) });
    const urls = Object.fromEntries(appNames.map((app) => [app, `http://${host}:${ports[app]}`])) as Record<AppName, string>;
    const accessLog = async () => (await readFile(path.join(prefix, 'access.log'), 'utf8')).split('\n').filter(Boolean);
    return { urls, origins, close: () => nginx.stop(), accessLog };
  };

/** The Node gateway, each app on a free port; `timeouts` as given or the defaults. */
export const nodeGateway =
  (timeouts?: ClientTimeouts): StartGatewayUnderTest =>
  async ({ services, dists }) => {
    const apps = Object.fromEntries(appNames.map((app) => [app, { port: 0, root: dists[app] }])) as Record<
      AppName,
      { port: number; root: string }
    >;
    const gateway = await startGateway({ host, apps, upstreams: services.upstreams, timeouts });
    return { urls: gateway.urls, origins: { portal: gateway.urls.portal, backoffice: gateway.urls.backoffice }, close: gateway.close };
  };
