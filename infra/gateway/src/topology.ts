import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNames, defaultLocalAppPorts, defaultServicePorts, localAppOrigin, serviceNames, type AppName, type ServiceName } from '@repo/contracts';
import type { GatewayOptions } from './gateway.ts';
import type { NginxConfigOptions } from './nginx-config.ts';
import { objectStoreOriginPlaceholder, type RedirectOrigins } from './policy.ts';

/** Where each piece runs: defaults for one machine, overridable through the environment. */

export const defaultAppPorts: Record<AppName, number> = defaultLocalAppPorts;

/** Every service listens on this port inside its container. */
export const containerServicePort = 3000;

/** The environment variable holding each app's public host name in production. */
export const appHostVariables: Record<AppName, string> = { web: 'WEB_HOST', portal: 'PORTAL_HOST', backoffice: 'BACKOFFICE_HOST' };

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const appDistDir = (app: AppName) => path.join(repoRoot, 'apps', app, 'dist');

export type LocalTopology = {
  /** Address the gateway listens on. */
  host: string;
  ports: Record<AppName, number>;
  roots: Record<AppName, string>;
  /** Base URL of each service, e.g. http://127.0.0.1:3001. */
  upstreams: Record<ServiceName, string>;
  origins: RedirectOrigins;
  /** Where browsers upload photos (the local object store's origin), allowed by the pages' policy; none when absent. */
  objectStoreOrigin?: string;
};

const record = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (got ${text})`);
  return port;
}

/**
 * The local layout from WEB_PORT, PORTAL_PORT, BACKOFFICE_PORT, GATEWAY_HOST, <SERVICE>_URL (BOOKING_URL, ...),
 * <APP>_DIST (WEB_DIST, ...), PORTAL_ORIGIN, BACKOFFICE_ORIGIN and OBJECT_STORE_ORIGIN.
 */
export function localTopology(env: NodeJS.ProcessEnv = process.env): LocalTopology {
  const ports = record(appNames, (app) => portFrom(env, `${app.toUpperCase()}_PORT`, defaultAppPorts[app]));
  return {
    host: env.GATEWAY_HOST || '127.0.0.1',
    ports,
    roots: record(appNames, (app) => path.resolve(env[`${app.toUpperCase()}_DIST`] || appDistDir(app))),
    upstreams: record(
      serviceNames,
      (service) => env[`${service.toUpperCase()}_URL`] || `http://127.0.0.1:${defaultServicePorts[service]}`,
    ),
    origins: {
      portal: env.PORTAL_ORIGIN || localAppOrigin('portal', ports.portal),
      backoffice: env.BACKOFFICE_ORIGIN || localAppOrigin('backoffice', ports.backoffice),
    },
    ...(env.OBJECT_STORE_ORIGIN ? { objectStoreOrigin: env.OBJECT_STORE_ORIGIN } : {}),
  };
}

/** The local topology as options for the Node gateway. */
export function localGatewayOptions(topology: LocalTopology): GatewayOptions {
  return {
    host: topology.host,
    apps: record(appNames, (app) => ({ port: topology.ports[app], root: topology.roots[app] })),
    upstreams: topology.upstreams,
    origins: topology.origins,
    deploymentOrigins: { objectStore: topology.objectStoreOrigin },
  };
}

/** The local topology as nginx options: every server on its own port, files under `prefix`. */
export function localNginxOptions(topology: LocalTopology, prefix: string, user?: string): NginxConfigOptions {
  return {
    mode: 'local',
    listenAddress: topology.host,
    apps: appNames.map((name) => ({ name, listen: topology.ports[name], serverName: 'localhost', root: topology.roots[name] })),
    upstreams: record(serviceNames, (service) => new URL(topology.upstreams[service]).host),
    origins: topology.origins,
    deploymentOrigins: { objectStore: topology.objectStoreOrigin },
    prefix,
    user,
  };
}

/**
 * The committed production config (infra/nginx/nginx.conf). Host names stay `${WEB_HOST}`-style placeholders, and the
 * object store's origin in the pages' policy `${OBJECT_STORE_ORIGIN}`, which the nginx image's entrypoint
 * (infra/docker/gateway-entrypoint.sh) fills in when the container starts; services are reached by their compose names.
 */
export const productionNginxOptions: NginxConfigOptions = {
  mode: 'production',
  apps: appNames.map((name) => ({
    name,
    listen: 80,
    serverName: `\${${appHostVariables[name]}}`,
    root: `/usr/share/nginx/html/${name}`,
  })),
  upstreams: record(serviceNames, (service) => `${service}:${containerServicePort}`),
  // Docker's embedded DNS: every replica of a service scaled with `docker compose up --scale` answers its name.
  resolver: '127.0.0.11',
  origins: { portal: `https://\${${appHostVariables.portal}}`, backoffice: `https://\${${appHostVariables.backoffice}}` },
  deploymentOrigins: { objectStore: objectStoreOriginPlaceholder },
  prefix: '/var/cache/nginx',
};
