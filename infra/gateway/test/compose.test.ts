import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serviceNames } from '@repo/contracts';
import { repoRoot } from '../src/topology.ts';
import { tempDir, type TempDir } from './support/fixtures.ts';

type ComposeService = {
  image?: string;
  command?: string[] | string;
  restart?: string;
  stop_grace_period?: string;
  profiles?: string[];
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  ports?: (string | { target: number; published: number | string })[];
  volumes?: (string | { source: string; target: string })[];
  networks?: Record<string, { ipv4_address?: string } | null>;
};
type ComposeFile = { services: Record<string, ComposeService>; networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } }> };

const composeFile = path.join(repoRoot, 'docker-compose.yml');
const envExample = path.join(repoRoot, '.env.example');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const hasDockerCompose = !spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).error;

/** The variables an env file sets (`NAME=value` lines; comments and blank lines skipped). */
function envValues(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/^(\w+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
}

/**
 * Compose's variable substitution, as `docker-compose config` does it with an env file: `${NAME}`, `${NAME:-default}`
 * and `${NAME:?error}` (which fails when NAME is unset or empty), and `$$` for a literal dollar sign.
 */
function interpolate(source: string, values: Record<string, string>): string {
  return source.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (match, name: string | undefined, kind?: string, rest?: string) => {
    if (!name) return '$';
    const value = values[name];
    if (value) return value;
    if (kind === '-') return rest ?? '';
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return value ?? '';
  });
}

// The file read as compose reads it, by this test's own substitution (always, so it holds where docker-compose is not
// installed) and by `docker-compose config` where it is.
const readers = hasDockerCompose ? (['substituted here', 'docker-compose config'] as const) : (['substituted here'] as const);

describe.each(readers)('docker-compose.yml, %s', (reader) => {
  let work: TempDir;
  let compose: ComposeFile;

  beforeAll(async () => {
    work = await tempDir('compose');
    if (reader === 'substituted here') {
      compose = parse(interpolate(readFileSync(composeFile, 'utf8'), envValues(readFileSync(envExample, 'utf8'))), { merge: true }) as ComposeFile;
      return;
    }
    const envFile = path.join(work.dir, '.env');
    copyFileSync(envExample, envFile);
    const result = spawnSync('docker-compose', ['-f', composeFile, '--env-file', envFile, 'config'], { encoding: 'utf8' });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    compose = parse(result.stdout) as ComposeFile;
  });

  afterAll(async () => {
    await work.remove();
  });

  it('declares postgres, its scheduled backups, every service, their migrate steps, the object store, the gateway and the dev profile\'s mail catcher', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['gateway', 'mail', 'object-store', 'postgres', 'postgres-backup', ...serviceNames, ...serviceNames.map((service) => `${service}-migrate`)].sort());
  });

  it('keeps the photos in the object store: the local S3-compatible store, its files on a volume, booking its only signer, the gateway allowing its origin', () => {
    const store = compose.services['object-store'] as ComposeService;
    const booking = compose.services.booking as ComposeService;
    const gateway = compose.services.gateway as ComposeService;
    expect(store.build).toMatchObject({ dockerfile: 'infra/Dockerfile', target: 'object-store' });
    expect(JSON.stringify(store.volumes)).toMatch(/object-store-data[^}]*\/data/);
    // Published (browsers upload to it), on this machine only unless .env says otherwise.
    expect(JSON.stringify(store.ports)).toMatch(/127\.0\.0\.1.*9000/);
    // One key pair, from .env: booking signs with the one the store accepts.
    for (const name of ['OBJECT_STORE_ACCESS_KEY_ID', 'OBJECT_STORE_SECRET_ACCESS_KEY', 'OBJECT_STORE_BUCKET']) {
      expect(booking.environment?.[name], name).toBeTruthy();
      expect(store.environment?.[name], name).toBe(booking.environment?.[name]);
    }
    expect(booking.environment?.OBJECT_STORE_URL).toBe('http://object-store:9000');
    expect(booking.depends_on?.['object-store']?.condition).toBe('service_healthy');
    // Pages of the apps' origins may call it; the public site's and back office's policy allows its public origin.
    expect(String(store.environment?.OBJECT_STORE_ALLOWED_ORIGINS).split(',')).toEqual(String(booking.environment?.ALLOWED_ORIGINS).split(','));
    expect(gateway.environment?.OBJECT_STORE_ORIGIN).toBe(booking.environment?.OBJECT_STORE_PUBLIC_URL);
    expect(String(gateway.environment?.OBJECT_STORE_ORIGIN)).toMatch(/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?$/);
    // Its own image, by Node, as its own user, healthy once it answers (and refuses an unsigned request).
    const stage = dockerfile.slice(dockerfile.indexOf('FROM ${NODE_IMAGE} AS object-store\n'));
    expect(stage.slice(0, stage.indexOf('\nFROM '))).toMatch(/USER node[\s\S]*HEALTHCHECK[\s\S]*403[\s\S]*CMD \["node", "dist\/server\.mjs"\]/);
    expect(dockerfile.indexOf('FROM ${NODE_IMAGE} AS object-store\n')).toBeLessThan(dockerfile.indexOf('FROM ${NODE_IMAGE} AS service\n'));
  });

  it('archives and backs up with pgBackRest: the same options in postgres and postgres-backup, the repository on a volume', () => {
    const postgres = compose.services.postgres as ComposeService;
    const backup = compose.services['postgres-backup'] as ComposeService;
    const pgbackrest = (service: ComposeService) => Object.fromEntries(Object.entries(service.environment ?? {}).filter(([name]) => name.startsWith('PGBACKREST_')));
    expect(pgbackrest(postgres)).toMatchObject({ PGBACKREST_STANZA: 'main', PGBACKREST_REPO1_PATH: '/var/lib/pgbackrest' });
    // Two full backups by default (the YAML reader here reads the substituted default as a number).
    expect(String(pgbackrest(postgres).PGBACKREST_REPO1_RETENTION_FULL)).toBe('2');
    expect(pgbackrest(backup)).toEqual(pgbackrest(postgres));
    expect(backup.build).toEqual(postgres.build);
    for (const service of [postgres, backup]) {
      expect(JSON.stringify(service.volumes)).toContain('/var/lib/pgbackrest');
      expect(JSON.stringify(service.volumes)).toContain('/var/run/postgresql');
    }
    // The scheduled backups read the database's files and never write them.
    expect(JSON.stringify(backup.volumes)).toMatch(/postgres-data[^}]*\/var\/lib\/postgresql\/data[^}]*(:ro|"read_only":true)/);
    expect(JSON.stringify(backup.healthcheck?.test)).toContain('backup-schedule.sh');
    expect(dockerfile).toMatch(/^FROM \$\{POSTGRES_IMAGE\} AS postgres\n(?:.*\n)*?RUN .*pgbackrest/m);
  });

  it('runs the mail catcher only in the dev profile, built from the mail target, its page on this machine only, and needed by nothing', () => {
    const mail = compose.services.mail as ComposeService;
    expect(mail.profiles).toEqual(['dev']);
    expect(mail.build).toMatchObject({ dockerfile: 'infra/Dockerfile', target: 'mail' });
    expect(JSON.stringify(mail.ports)).toMatch(/127\.0\.0\.1/);
    // Production runs without the profile: no service may wait for it.
    for (const [name, service] of Object.entries(compose.services)) expect(Object.keys(service.depends_on ?? {}), name).not.toContain('mail');
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS mail\n(?:.*\n)*?RUN npm install --global .*maildev@/m);
    // The classic builder builds every stage above a target: the mail stage must not come after the service stage.
    expect(dockerfile.indexOf('FROM ${NODE_IMAGE} AS mail\n')).toBeLessThan(dockerfile.indexOf('FROM ${NODE_IMAGE} AS service\n'));
  });

  it('builds postgres (16 by default) from the postgres target, with one role and database per service', () => {
    const postgres = compose.services.postgres as ComposeService;
    expect(postgres.build).toMatchObject({ dockerfile: 'infra/Dockerfile', target: 'postgres', args: { POSTGRES_IMAGE: 'postgres:16-alpine' } });
    expect(String(postgres.environment?.SERVICE_DATABASES).split(' ').sort()).toEqual([...serviceNames].sort());
    for (const service of serviceNames) expect(postgres.environment?.[`${service.toUpperCase()}_DATABASE_PASSWORD`]).toBeTruthy();
    expect(JSON.stringify(postgres.volumes)).toContain('/var/lib/postgresql/data');
    expect(read('infra/Dockerfile')).toMatch(/^HEALTHCHECK .*\n.*pg_isready/m);
  });

  const dockerfile = read('infra/Dockerfile');

  it('builds every image from one Dockerfile: a shared workspace stage, a service target and a gateway target', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-\w+-slim$/m);
    expect(dockerfile).toContain('FROM ${NODE_IMAGE} AS workspace');
    expect(dockerfile).not.toContain('.npmrc');
    expect(dockerfile).toContain('FROM ${NODE_IMAGE} AS service');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*127\.0\.0\.1.*\/healthz/m);
    expect(dockerfile).toContain('USER node');
    expect(dockerfile).toContain('CMD ["node", "dist/server.mjs"]');
    expect(dockerfile).toMatch(/^ARG NGINX_IMAGE=nginx:1\.27-alpine$/m);
    expect(dockerfile).toMatch(/^ARG POSTGRES_IMAGE=postgres:16-alpine$/m);
    expect(dockerfile).toContain('FROM ${NGINX_IMAGE} AS gateway');
    expect(dockerfile).not.toMatch(/^# syntax=/m);
    expect(dockerfile).toContain('COPY infra/nginx/nginx.conf /etc/nginx/templates/nginx.conf.template');
  });

  it.each(serviceNames)('builds %s from the service target and starts it once postgres is healthy', (service) => {
    const definition = compose.services[service] as ComposeService;
    expect(definition.build).toMatchObject({ dockerfile: 'infra/Dockerfile', target: 'service', args: { SERVICE: service } });
    expect(definition.depends_on?.postgres?.condition).toBe('service_healthy');
    // A service in production refuses a schema that is behind: its migrate step has to have succeeded first.
    expect(definition.depends_on?.[`${service}-migrate`]?.condition).toBe('service_completed_successfully');
    // Docker waits longer than the service's own bound on a graceful stop (SHUTDOWN_TIMEOUT_MS, 10 s) before killing it.
    expect(definition.stop_grace_period).toBe('15s');
    expect(definition.environment).toMatchObject({ PORT: '3000', HOST: '0.0.0.0', NODE_ENV: 'production' });
    // Every service verifies sessions with accounts' public key; only accounts may sign them, only booking signs links.
    // Each key comes from the deployment's .env (here .env.example), and compose refuses to start without it.
    const fromEnv = (name: string) => envValues(readFileSync(envExample, 'utf8'))[name];
    expect(definition.environment?.JWT_PUBLIC_KEY).toBe(fromEnv('JWT_PUBLIC_KEY'));
    expect(definition.environment?.JWT_SECRET).toBeUndefined();
    expect(definition.environment?.JWT_PRIVATE_KEY).toBe(service === 'accounts' ? fromEnv('JWT_PRIVATE_KEY') : undefined);
    expect(definition.environment?.LINK_PRIVATE_KEY).toBe(service === 'booking' ? fromEnv('LINK_PRIVATE_KEY') : undefined);
    expect(definition.environment?.LINK_PUBLIC_KEY).toBe(service === 'tracking' || service === 'payments' ? fromEnv('LINK_PUBLIC_KEY') : undefined);
    expect(definition.environment?.DATABASE_URL).toMatch(new RegExp(`^postgres://.+@postgres:5432/${service}$`));
    // Only the gateway's X-Forwarded-For names a client: its fixed address on the internal network, nothing wider.
    const gatewayAddress = compose.services.gateway?.networks?.default?.ipv4_address;
    expect(gatewayAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(definition.environment?.TRUST_PROXY).toBe(gatewayAddress);
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(subnet?.split('.').slice(0, 3)).toEqual(gatewayAddress!.split('.').slice(0, 3));
  });

  it.each(serviceNames)('migrates %s once, from its own image, with nothing but its database URL', (service) => {
    const migrate = compose.services[`${service}-migrate`] as ComposeService;
    const definition = compose.services[service] as ComposeService;
    expect(migrate.build).toEqual(definition.build);
    expect(migrate.command).toEqual(['node', 'dist/server.mjs', 'migrate']);
    // One-shot: a restart policy would run it again after it exits.
    expect(migrate.restart).toBe('no');
    // The image's healthcheck asks for a server the migrate step never starts (docker-compose config writes `disable` as NONE).
    expect(migrate.healthcheck?.disable === true || JSON.stringify(migrate.healthcheck?.test) === '["NONE"]').toBe(true);
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(migrate.environment).toEqual({ NODE_ENV: 'production', DATABASE_URL: definition.environment?.DATABASE_URL });
  });

  it('publishes the nginx gateway on port 80 once every service is healthy', () => {
    const gateway = compose.services.gateway as ComposeService;
    expect(gateway.build).toMatchObject({ dockerfile: 'infra/Dockerfile', target: 'gateway' });
    expect(JSON.stringify(gateway.ports)).toMatch(/80/);
    for (const service of serviceNames) expect(gateway.depends_on?.[service]?.condition).toBe('service_healthy');
  });

  it('documents every variable docker-compose.yml reads in .env.example', () => {
    const source = readFileSync(composeFile, 'utf8');
    const interpolated = [...source.matchAll(/\$\{(\w+)/g)].map((match) => match[1] as string);
    const passedThrough = [...source.matchAll(/^\s+(\w+):\s*$/gm)]
      .map((match) => match[1] as string)
      .filter((name) => /^[A-Z][A-Z0-9_]+$/.test(name));
    const documented = new Set([...readFileSync(envExample, 'utf8').matchAll(/^#? ?(\w+)=/gm)].map((match) => match[1]));
    const missing = [...new Set([...interpolated, ...passedThrough])].filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });
});

it('builds every image of docker-compose.yml on the host network in CI (infra/docker/compose.host-network-build.yml)', () => {
  // CI's engine runs without iptables, so a build on its bridge network cannot reach the npm registry.
  const services = (parse(readFileSync(composeFile, 'utf8'), { merge: true }) as ComposeFile).services;
  const built = Object.keys(services).filter((name) => (services[name] as ComposeService).build).sort();
  const override = (parse(read('infra/docker/compose.host-network-build.yml')) as ComposeFile).services;
  expect(Object.keys(override).sort()).toEqual(built);
  for (const name of built) expect((override[name] as ComposeService).build, name).toEqual({ network: 'host' });
});
