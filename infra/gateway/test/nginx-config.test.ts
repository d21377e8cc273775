import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appNames, internalPathPrefix, legacyRedirects, routeOwnership, serviceForPath, serviceNames } from '@repo/contracts';
import { renderNginxConfig, trustedProxiesFile, trustedProxyRangesFile, type NginxConfigOptions } from '../src/nginx-config.ts';
import { clientTimeouts, contentSecurityPolicy, objectStoreOriginPlaceholder, protocolErrors, securityHeaders } from '../src/policy.ts';
import { checkNginxConfig, nginxAvailable, nginxBinary } from '../src/nginx-process.ts';
import { defaultServicePorts } from '@repo/contracts';
import { appHostVariables, localNginxOptions, localTopology, productionNginxOptions, repoRoot } from '../src/topology.ts';
import { tempDir, type TempDir } from './support/fixtures.ts';

const committedConfig = path.join(repoRoot, 'infra/nginx/nginx.conf');

/** The body of the first `server` block whose comment names `app`. */
function serverBlock(config: string, app: string): string {
  const start = config.indexOf(`  server {\n    # ${app}\n`);
  expect(start, `server block for ${app}`).toBeGreaterThan(-1);
  return config.slice(start, config.indexOf('\n  }\n', start));
}

/**
 * What the nginx image's entrypoint (infra/docker/gateway-entrypoint.sh) does to the committed file when the container
 * starts: the host names in, and the object store's origin with its leading space, or nothing without one.
 */
const fillPlaceholders = (config: string, hosts: Record<string, string>, objectStoreOrigin = '') =>
  config
    .replace(/\$\{(\w+_HOST)\}/g, (placeholder, name: string) => hosts[name] ?? placeholder)
    .replaceAll(` ${objectStoreOriginPlaceholder}`, objectStoreOrigin ? ` ${objectStoreOrigin}` : '');

describe('renderNginxConfig', () => {
  const local = renderNginxConfig(localNginxOptions(localTopology({}), '/tmp/nginx-prefix'));
  const production = renderNginxConfig(productionNginxOptions);

  it.each(routeOwnership)('routes $path to $service on every host', (route) => {
    const location = route.prefix ? `location ^~ ${route.path} {` : `location = ${route.path} {`;
    for (const app of appNames) {
      const block = serverBlock(local, app);
      const start = block.indexOf(location);
      expect(start, `${location} on ${app}`).toBeGreaterThan(-1);
      expect(block.slice(start, block.indexOf('}', start))).toContain(`proxy_pass http://service_${route.service};`);
    }
  });

  it('routes nothing under the internal prefix, which only services call each other on', () => {
    expect(routeOwnership.filter((route) => route.path.startsWith(internalPathPrefix) || internalPathPrefix.startsWith(route.path))).toEqual([]);
    expect(serviceForPath(`${internalPathPrefix}effects/appointment.assigned`)).toBeUndefined();
    for (const config of [local, production]) expect(config).not.toContain(`location ^~ ${internalPathPrefix}`);
  });

  it('upgrades websocket routes and keeps them open', () => {
    const block = serverBlock(local, 'web');
    for (const route of routeOwnership.filter((entry) => entry.websocket)) {
      const start = block.indexOf(`location = ${route.path} {`);
      const body = block.slice(start, block.indexOf('}', start));
      expect(body).toContain('proxy_set_header Upgrade $http_upgrade;');
      expect(body).toContain('proxy_set_header Connection $connection_upgrade;');
      expect(body).toContain('proxy_read_timeout 3600s;');
      expect(body).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    }
  });

  it('replaces X-Forwarded-For with the client address everywhere, never appending to what the client sent', () => {
    for (const config of [local, production]) {
      expect(config).not.toContain('$proxy_add_x_forwarded_for');
      expect(config).toMatch(/^ {2}proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    }
    // Behind a TLS terminator the container trusts (GATEWAY_TRUSTED_PROXIES), the client is the address it reports.
    expect(production).toContain('real_ip_header X-Forwarded-For;');
    expect(production).toContain(`include "/var/cache/nginx/${trustedProxiesFile}";`);
    expect(local).not.toContain('real_ip_header');
  });

  it('sets X-Forwarded-Proto from its own scheme, believing a client\'s only from a trusted proxy', () => {
    for (const config of [local, production]) {
      expect(config).toMatch(/^ {2}proxy_set_header X-Forwarded-Proto \$forwarded_proto;$/m);
      expect(config).toContain('map $from_trusted_proxy$http_x_forwarded_proto $forwarded_proto {\n    default $scheme;\n    1https https;\n    1http http;\n  }');
      expect(config).toContain('geo $realip_remote_addr $from_trusted_proxy {\n    default 0;\n');
    }
    expect(production).toContain(`include "/var/cache/nginx/${trustedProxyRangesFile}";`);
    expect(local).not.toContain(trustedProxyRangesFile);
  });

  it('answers requests it cannot read in the API error shape from every server and every proxied location', () => {
    const pages = ['error_page 400 501 = /.gateway-error/bad-request;', 'error_page 414 = /.gateway-error/uri-too-long;', 'error_page 494 431 = /.gateway-error/headers-too-large;'];
    for (const config of [local, production]) {
      const servers = config.split(/^ {2}server \{$/m).slice(1);
      expect(servers).toHaveLength(production === config ? appNames.length + 1 : appNames.length);
      for (const server of servers) {
        for (const page of pages) expect(server).toContain(`\n    ${page}`);
        expect(server).toContain(`location = /.gateway-error/uri-too-long {\n      internal;\n      default_type application/json;\n      return 414 ${JSON.stringify(JSON.stringify(protocolErrors[414]))};`);
        expect(server).toContain('return 431 ');
      }
      // A location with error pages of its own inherits none of the server's.
      for (const location of config.split('\n    location ').filter((text) => text.includes('error_page 502'))) {
        for (const page of pages) expect(location).toContain(page);
      }
      expect(config).toContain('large_client_header_buffers 4 8k;');
    }
  });

  it('bounds slow headers, stalled bodies and idle connections, but not websockets', () => {
    for (const config of [local, production]) {
      expect(config).toContain(`client_header_timeout ${clientTimeouts.headerSeconds}s;`);
      expect(config).toContain(`client_body_timeout ${clientTimeouts.bodyIdleSeconds}s;`);
      expect(config).toContain(`keepalive_timeout ${clientTimeouts.keepAliveSeconds}s;`);
    }
  });

  it("gives each app's server its own security headers, the catch-all the strictest, and the http level none", () => {
    for (const [config, mode] of [[local, 'local'], [production, 'production']] as const) {
      const httpLevel = config.slice(0, config.indexOf('\n  server {'));
      expect(httpLevel).not.toContain('add_header');
      for (const app of appNames) {
        const block = serverBlock(config, app);
        const serverLevel = block.slice(0, block.indexOf('\n    location '));
        for (const [name, value] of securityHeaders(mode, app, mode === 'production' ? { objectStore: objectStoreOriginPlaceholder } : {})) {
          expect(serverLevel).toContain(`\n    add_header ${name} ${JSON.stringify(value)} always;`);
          // A location with add_header of its own inherits none of the server's, so it repeats them all.
          for (const location of block.split('\n    location ').slice(1).filter((text) => text.includes('add_header'))) {
            expect(location).toContain(`add_header ${name} ${JSON.stringify(value)} always;`);
          }
        }
      }
      // Services' copies are hidden, so each header appears once.
      for (const [name] of securityHeaders(mode, undefined)) expect(httpLevel).toContain(`\n  proxy_hide_header ${name};`);
    }
    expect(serverBlock(local, 'web')).toContain('https://js.stripe.com');
    // The portal's invoices are paid with Stripe's Payment Element.
    expect(serverBlock(local, 'portal')).toContain('https://js.stripe.com');
    expect(serverBlock(local, 'backoffice')).not.toContain('stripe');
    const catchAll = production.slice(production.indexOf('listen 80 default_server;'));
    for (const [name, value] of securityHeaders('production', undefined)) expect(catchAll).toContain(`add_header ${name} ${JSON.stringify(value)} always;`);
  });

  it("allows the object store's origin in the policy of the apps that upload photos, locally and once filled in", () => {
    const objectStore = 'http://127.0.0.1:1082';
    const withStore = renderNginxConfig(localNginxOptions({ ...localTopology({}), objectStoreOrigin: objectStore }, '/tmp/nginx-prefix'));
    for (const app of appNames) {
      const policy = contentSecurityPolicy(app, { objectStore });
      expect(serverBlock(withStore, app)).toContain(`add_header Content-Security-Policy ${JSON.stringify(policy)} always;`);
      expect(serverBlock(local, app)).toContain(`add_header Content-Security-Policy ${JSON.stringify(contentSecurityPolicy(app))} always;`);
    }
    expect(contentSecurityPolicy('web', { objectStore })).toContain(`connect-src 'self' https://api.stripe.com ${objectStore};`);
    expect(contentSecurityPolicy('backoffice', { objectStore })).toContain(`connect-src 'self' ${objectStore};`);
    // The portal takes no photos, and a response of no app allows nothing.
    expect(contentSecurityPolicy('portal', { objectStore })).toBe(contentSecurityPolicy('portal'));
    expect(contentSecurityPolicy(undefined, { objectStore })).toBe(contentSecurityPolicy(undefined));

    // The committed config holds the placeholder, which the container's entrypoint fills in or removes.
    const bucket = 'https://appointment-photos.s3.us-east-1.amazonaws.com';
    const hosts = { WEB_HOST: 'example.com', PORTAL_HOST: 'portal.example.com', BACKOFFICE_HOST: 'backoffice.example.com' };
    for (const [filled, origins] of [[fillPlaceholders(production, hosts, bucket), { objectStore: bucket }], [fillPlaceholders(production, hosts), {}]] as const) {
      expect(filled).not.toContain('OBJECT_STORE_ORIGIN');
      for (const app of appNames) {
        expect(serverBlock(filled, app)).toContain(`add_header Content-Security-Policy ${JSON.stringify(contentSecurityPolicy(app, origins))} always;`);
      }
    }
  });

  it("sends Cross-Origin-Resource-Policy with the app's files only, not with services' answers or the gateway's JSON", () => {
    for (const app of appNames) {
      const locations = serverBlock(local, app).split('\n    location ').slice(1);
      const files = locations.filter((text) => text.includes('try_files') || text.startsWith('= /index.html'));
      expect(files.length).toBeGreaterThan(3);
      for (const location of files) expect(location).toContain('add_header Cross-Origin-Resource-Policy "same-origin" always;');
      for (const location of locations.filter((text) => text.includes('proxy_pass') || text.includes('return '))) {
        expect(location).not.toContain('Cross-Origin-Resource-Policy');
      }
    }
  });

  it('puts nothing from the request into a response header', () => {
    for (const config of [local, production]) {
      for (const line of config.split('\n').filter((text) => text.includes('add_header'))) expect(line).not.toMatch(/\$(http_|host|request|args|arg_|cookie_)/);
    }
  });

  it('points each upstream at its service', () => {
    for (const service of serviceNames) {
      expect(local).toContain(`upstream service_${service} {\n    server 127.0.0.1:${defaultServicePorts[service]};`);
      // Looked up at request time through Docker's DNS, so every replica of a scaled service is found.
      expect(production).not.toContain(`upstream service_${service}`);
      expect(production).toContain(`set $service_${service} ${service}:3000;\n      proxy_pass http://$service_${service};`);
    }
    expect(production).toContain('resolver 127.0.0.11 valid=1s ipv6=off;');
    // A stopped, stopping or draining replica's requests go to the next one, POSTs too (they reached no service code).
    expect(production).toContain('proxy_next_upstream error timeout http_503 non_idempotent;');
    expect(local).not.toContain('resolver ');
  });

  it('puts legacy redirects on the web host only', () => {
    for (const redirect of legacyRedirects) {
      const location = `location ${redirect.prefix ? '^~' : '='} ${redirect.path} {`;
      expect(serverBlock(local, 'web')).toContain(location);
      expect(serverBlock(local, 'portal')).not.toContain(location);
      expect(serverBlock(local, 'backoffice')).not.toContain(location);
    }
    expect(local).toContain('return 302 http://localhost:8081/login$is_args$args;');
    expect(local).toContain('return 302 http://127.0.0.1:8082$request_uri;');
  });

  it('relies on prefix redirects keeping the path, the only kind both gateways implement', () => {
    for (const redirect of legacyRedirects.filter((entry) => entry.prefix)) expect(redirect.to).toBe('');
  });

  it('runs as a foreground process under the prefix in local mode', () => {
    expect(local).not.toMatch(/^\s*daemon/m);
    expect(local).not.toMatch(/^\s*user /m);
    expect(local).toContain('pid "/tmp/nginx-prefix/nginx.pid";');
    expect(local).toContain('error_log stderr warn;');
    expect(local).toContain('access_log "/tmp/nginx-prefix/access.log" json;');
    expect(local).toContain('client_body_temp_path "/tmp/nginx-prefix/client_body_temp";');
    expect(local).toContain('listen 127.0.0.1:8080;');
    expect(local).toContain('listen 127.0.0.1:8082;');
  });

  it('writes a user directive only when asked', () => {
    const options = localNginxOptions(localTopology({}), '/tmp/nginx-prefix', 'root');
    expect(renderNginxConfig(options)).toMatch(/^user root;$/m);
  });

  it('routes by host name on port 80 in production, with HSTS and a catch-all server', () => {
    for (const app of appNames) {
      expect(serverBlock(production, app)).toContain(`server_name \${${appHostVariables[app]}};`);
      expect(serverBlock(production, app)).toContain('listen 80;');
    }
    expect(production).toContain('listen 80 default_server;');
    expect(production).toContain('add_header Strict-Transport-Security "max-age=31536000" always;');
    expect(local).not.toContain('Strict-Transport-Security "');
    expect(production).toContain('return 302 https://${PORTAL_HOST}/login$is_args$args;');
  });

  it('rejects incomplete options', () => {
    const base = localNginxOptions(localTopology({}), '/tmp/nginx-prefix');
    const withoutPortal: NginxConfigOptions = { ...base, apps: base.apps.filter((site) => site.name !== 'portal') };
    expect(() => renderNginxConfig(withoutPortal)).toThrow(/apps must list web, portal, backoffice/);
    expect(() => renderNginxConfig({ ...base, upstreams: { ...base.upstreams, booking: 'http://127.0.0.1:3001' } })).toThrow(
      /booking must be host:port/,
    );
    expect(() => renderNginxConfig({ ...base, prefix: 'relative' })).toThrow(/prefix must be absolute/);
  });

  it('matches the committed infra/nginx/nginx.conf (render it again with `pnpm --filter @repo/gateway render:nginx`)', async () => {
    expect(await readFile(committedConfig, 'utf8')).toBe(production);
  });
});

describe.skipIf(!nginxAvailable())(
  nginxAvailable() ? `nginx -t (${nginxBinary})` : `nginx -t (skipped: ${nginxBinary} is missing; set NGINX_BIN)`,
  () => {
    let work: TempDir;
    beforeAll(async () => {
      work = await tempDir('nginx-t');
    });
    afterAll(async () => {
      await work.remove();
    });

    it('accepts the local config', async () => {
      const prefix = path.join(work.dir, 'local');
      const result = await checkNginxConfig(renderNginxConfig(localNginxOptions(localTopology({}), prefix)), prefix);
      expect(result.output).toContain('test is successful');
      expect(result.ok).toBe(true);
    });

    it('accepts the committed production config once the container has filled in the host names and the store', async () => {
      const prefix = path.join(work.dir, 'production');
      // Service names only resolve inside the compose network, so the check points the upstreams at this machine.
      const committed = await readFile(committedConfig, 'utf8');
      const config = fillPlaceholders(committed, { WEB_HOST: 'example.com', PORTAL_HOST: 'portal.example.com', BACKOFFICE_HOST: 'backoffice.example.com' }, 'https://files.example.com')
        .replace(/server (\w+):3000;/g, 'server 127.0.0.1:3000;')
        .replaceAll(productionNginxOptions.prefix, prefix);
      expect(config).not.toMatch(/\$\{\w+_(HOST|ORIGIN)\}/);
      // The container's entrypoint always writes this file, empty without trusted proxies.
      await mkdir(prefix, { recursive: true });
      await writeFile(path.join(prefix, trustedProxyRangesFile), '');
      const result = await checkNginxConfig(config, prefix);
      expect(result.output).toContain('test is successful');
      expect(result.ok).toBe(true);
    });
  },
);
