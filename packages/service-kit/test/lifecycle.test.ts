// A service's life as a process, for real: the migrate command, the start-up checks of production and the shutdown on
// SIGTERM, on a fixture service built with `serviceMain` (test/support/lifecycle-service.ts) and its own database.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kitMigrations } from '../src/db/kit-migrations.ts';
import { testKeyEnv } from '../src/test-service.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('./support/lifecycle-service.ts', import.meta.url));
const [createVisits, addVisitNotes] = ['2026-01-01T0000-create-visits', '2026-02-01T0000-add-visit-notes'];

type ServiceProcess = {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

const running = new Set<ServiceProcess>();

/** The fixture service as a process: `node …/lifecycle-service.ts [migrate]` with only the environment given. */
function start(args: string[], env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const service = { child, stdout: () => stdout, stderr: () => stderr, exited };
  running.add(service);
  void exited.then(() => running.delete(service));
  return service;
}

async function runToEnd(args: string[], env: Record<string, string>) {
  const service = start(args, env);
  const code = await service.exited;
  return { code, stdout: service.stdout(), stderr: service.stderr() };
}

/** The port the service listens on, read from Fastify's "Server listening at" line once it has started. */
async function listeningPort(service: ServiceProcess): Promise<number> {
  await expect.poll(() => /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.test(service.stdout()) || service.child.exitCode !== null, { timeout: 30_000 }).toBe(true);
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(service.stdout())?.[1];
  if (!port) throw new Error(`the service exited (${service.child.exitCode}) without listening:\n${service.stdout()}${service.stderr()}`);
  return Number(port);
}

/** Whether a new TCP connection to the port is accepted ('connected') or refused (the error code). */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const visitColumns = (url: string) =>
  query<{ column_name: string }>(url, "select column_name from information_schema.columns where table_name = 'lifecycle_visits' order by ordinal_position").then((rows) =>
    rows.map((row) => row.column_name),
  );

describe('a service process', () => {
  let database: TestDatabase;
  let url: string;
  const production = () => ({ NODE_ENV: 'production', DATABASE_URL: url, TRUST_PROXY: 'loopback', ...testKeyEnv });

  beforeEach(async () => {
    database = await createTestDatabase({ driver: 'postgres' });
    url = database.config.url!;
  });

  afterEach(async () => {
    for (const service of running) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    await database.cleanup();
  });

  it('migrate applies every pending migration, needing only DATABASE_URL, and applies nothing the second time', async () => {
    const first = await runToEnd(['migrate'], { NODE_ENV: 'production', DATABASE_URL: url });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    // The kit's own tables first, then the service's.
    const kitApplied = Object.keys(kitMigrations).map((name) => `  - service kit: ${name}\n`).join('');
    expect(first.stdout).toContain(`booking: applied ${Object.keys(kitMigrations).length + 2} migrations:\n${kitApplied}  - ${createVisits}\n  - ${addVisitNotes}`);
    expect(await visitColumns(url)).toEqual(['id', 'notes']);

    const second = await runToEnd(['migrate'], { NODE_ENV: 'production', DATABASE_URL: url });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('booking: the schema is up to date (2 migrations); nothing to apply.');
    expect(await query(url, 'select name from kysely_migration order by name')).toEqual([{ name: createVisits }, { name: addVisitNotes }]);
  });

  it('refuses to start in production on a schema that is behind, naming the missing migrations', async () => {
    // The previous version's migrate step ran; this version brings one more migration.
    expect((await runToEnd(['migrate'], { NODE_ENV: 'production', DATABASE_URL: url, LIFECYCLE_MIGRATIONS: '1' })).code).toBe(0);

    const started = await runToEnd([], production());
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('booking: the database schema is behind this version of the service: 1 migration is not applied:');
    expect(started.stderr).toContain(`  - ${addVisitNotes}\n`);
    expect(started.stderr).not.toContain(createVisits);
    expect(started.stderr).toContain('Run `node dist/server.mjs migrate` with the same DATABASE_URL first');
    expect(started.stdout).not.toContain('Server listening');
    // Refusing changed nothing: the schema is as the migrate step left it.
    expect(await visitColumns(url)).toEqual(['id']);
  });

  it('refuses to serve or migrate in production without DATABASE_URL instead of using an embedded database', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'lifecycle-')), 'booking');
    try {
      for (const args of [[], ['migrate']]) {
        const result = await runToEnd(args, { NODE_ENV: 'production', TRUST_PROXY: 'loopback', DATA_DIR: dataDir, ...testKeyEnv });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('booking: invalid environment:\n  - DATABASE_URL is required in production (NODE_ENV=production)');
        expect(result.stderr).toContain('Set DATABASE_URL to the service');
      }
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('migrates by itself outside production, and exits 0 on SIGTERM', async () => {
    const service = start([], { NODE_ENV: 'test', DATABASE_URL: url, ...testKeyEnv });
    const port = await listeningPort(service);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(await visitColumns(url)).toEqual(['id', 'notes']);

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  it('on SIGTERM fails readiness, then refuses connections, lets the request in flight finish, and exits 0', async () => {
    expect((await runToEnd(['migrate'], { NODE_ENV: 'production', DATABASE_URL: url })).code).toBe(0);
    // Readiness answers 503 for 2 s before the server stops accepting connections, as a load balancer would see it.
    const service = start([], { ...production(), SHUTDOWN_DELAY_MS: '2000' });
    const port = await listeningPort(service);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const slow = fetch(`${base}/slow`);
    await expect.poll(() => service.stdout().includes('slow request started')).toBe(true);
    service.child.kill('SIGTERM');

    await expect.poll(async () => (await fetch(`${base}/readyz`)).status).toBe(503);
    const refused = await fetch(`${base}/slow`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'This service is restarting. Please try again in a moment.' } });

    await expect.poll(() => connectOutcome(port), { timeout: 10_000 }).toBe('ECONNREFUSED');
    // Still running: the request in flight holds the shutdown open.
    expect(service.child.exitCode).toBeNull();

    service.child.stdin.write('finish\n');
    const answer = await slow;
    expect(answer.status).toBe(200);
    // The database was still open for it.
    expect(await answer.json()).toEqual({ finished: true, visits: 0 });
    expect(await service.exited).toBe(0);
    expect(service.stdout()).toContain('"msg":"shut down"');
  });
});
