import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../db/index.ts';

export type TestDatabase = {
  config: DatabaseConfig;
  kind: 'postgres' | 'pglite';
  /** Drops the database / removes the PGlite dir. Close your Database first. */
  cleanup(): Promise<void>;
};

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECT_TIMEOUT_MS = 2_000;
const DOCKER_SOCKET = '/var/run/docker.sock';

/**
 * An isolated, empty database for one test file. Picks, in order:
 * 1. real PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * 2. a Testcontainers PostgreSQL (when `testcontainers` is installed and Docker is available),
 * 3. PGlite in a fresh temp dir.
 * TEST_DB=pglite forces PGlite; TEST_DB=postgres fails instead of falling back to PGlite. `driver` does the same
 * for one call, whatever TEST_DB says (for suites that prove both drivers in every run).
 */
export async function createTestDatabase(options: { driver?: 'postgres' | 'pglite' } = {}): Promise<TestDatabase> {
  const mode = options.driver ?? process.env.TEST_DB;
  if (mode !== 'pglite') {
    const adminUrl = await postgresAdminUrl();
    if (adminUrl) return createPostgresDatabase(adminUrl);
    if (mode === 'postgres') {
      throw new Error('TEST_DB=postgres but no PostgreSQL is reachable (TEST_DATABASE_URL, 127.0.0.1:5432 or Testcontainers)');
    }
  }
  return createPgliteDatabase();
}

// Cached on globalThis: vitest re-evaluates modules per test file within one worker process.
const CACHE_KEY = Symbol.for('@repo/service-kit/testing/postgres-admin-url');
type Cache = { [CACHE_KEY]?: Promise<string | undefined> };

function postgresAdminUrl(): Promise<string | undefined> {
  const cache = globalThis as Cache;
  cache[CACHE_KEY] ??= findPostgres();
  return cache[CACHE_KEY];
}

async function findPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
  if (await isReachable(url)) return url;
  return startContainer();
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Minimal slice of the testcontainers API we use (the package is optional).
type StartedContainer = { getHost(): string; getMappedPort(port: number): number };
type GenericContainerBuilder = {
  withEnvironment(env: Record<string, string>): GenericContainerBuilder;
  withExposedPorts(...ports: number[]): GenericContainerBuilder;
  withWaitStrategy(strategy: unknown): GenericContainerBuilder;
  start(): Promise<StartedContainer>;
};
type TestcontainersModule = {
  GenericContainer: new (image: string) => GenericContainerBuilder;
  Wait: { forLogMessage(message: RegExp | string, times?: number): unknown };
};

/** One container per process; Testcontainers' reaper removes it when the process exits. */
async function startContainer(): Promise<string | undefined> {
  if (!existsSync(DOCKER_SOCKET)) return undefined;
  let tc: TestcontainersModule;
  try {
    // Variable specifier: optional dependency, no types needed at compile time.
    const specifier = 'testcontainers';
    tc = (await import(specifier)) as TestcontainersModule;
  } catch {
    return undefined;
  }
  try {
    const container = await new tc.GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      // Postgres logs this twice: once for the init server, once for the real one.
      .withWaitStrategy(tc.Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    return `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  } catch {
    return undefined;
  }
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { url: url.toString() },
    kind: 'postgres',
    cleanup: () =>
      withAdmin(adminUrl, async (client) => {
        // Kick leftover sessions (e.g. a pool that was not closed) so the drop succeeds.
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
          name,
        ]);
        await client.query(`drop database if exists "${name}"`);
      }),
  };
}

async function withAdmin(adminUrl: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pglite-test-'));
  return {
    config: { dataDir },
    kind: 'pglite',
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}
