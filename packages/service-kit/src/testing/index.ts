import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../db/index.ts';
import { leasePostgresContainer, type ContainerLease } from './postgres-container.ts';

export type TestDatabase = {
  config: DatabaseConfig;
  kind: 'postgres' | 'pglite';
  /** Drops the database / removes the PGlite dir. Close your Database first. */
  cleanup(): Promise<void>;
};

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * An isolated, empty database for one test file. Picks, in order:
 * 1. real PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * 2. a Testcontainers PostgreSQL (image TESTCONTAINERS_POSTGRES_IMAGE, default postgres:16-alpine) when Docker answers,
 * 3. PGlite in a fresh temp dir.
 * TEST_DB=pglite forces PGlite; TEST_DB=postgres fails instead of falling back to PGlite; TEST_DB=testcontainers
 * always uses the container, even when 1. is reachable, and fails saying why when it cannot start. `driver` picks
 * PGlite or PostgreSQL for one call, whatever TEST_DB says (for suites that prove both drivers in every run); under
 * TEST_DB=testcontainers that PostgreSQL is the container's.
 */
export async function createTestDatabase(options: { driver?: 'postgres' | 'pglite' } = {}): Promise<TestDatabase> {
  const mode = options.driver ?? process.env.TEST_DB;
  if (mode === 'pglite') return createPgliteDatabase();
  if (process.env.TEST_DB === 'testcontainers') return createContainerDatabase();
  const adminUrl = await reachableAdminUrl();
  if (adminUrl) return createPostgresDatabase(adminUrl);
  try {
    return await createContainerDatabase();
  } catch (error) {
    if (mode !== 'postgres') return createPgliteDatabase();
    throw new Error(`TEST_DB=postgres but no PostgreSQL is reachable at ${adminUrlSetting()}, and Testcontainers: ${(error as Error).message}`);
  }
}

async function createContainerDatabase(): Promise<TestDatabase> {
  // Once Docker has failed in this process, it is not asked again for every test database.
  const cache = globalThis as Cache;
  if (cache[CONTAINER_FAILURE_KEY]) throw cache[CONTAINER_FAILURE_KEY];
  let lease: ContainerLease;
  try {
    lease = await leasePostgresContainer();
  } catch (error) {
    throw (cache[CONTAINER_FAILURE_KEY] = error as Error);
  }
  try {
    return await createPostgresDatabase(lease.adminUrl, lease.release);
  } catch (error) {
    await lease.release();
    throw error;
  }
}

// Cached on globalThis: vitest re-evaluates modules per test file within one worker process.
const ADMIN_URL_KEY = Symbol.for('@repo/service-kit/testing/postgres-admin-url');
const CONTAINER_FAILURE_KEY = Symbol.for('@repo/service-kit/testing/container-failure');
type Cache = { [ADMIN_URL_KEY]?: Promise<string | undefined>; [CONTAINER_FAILURE_KEY]?: Error };

const adminUrlSetting = () => process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;

function reachableAdminUrl(): Promise<string | undefined> {
  const cache = globalThis as Cache;
  cache[ADMIN_URL_KEY] ??= isReachable(adminUrlSetting()).then((reachable) => (reachable ? adminUrlSetting() : undefined));
  return cache[ADMIN_URL_KEY];
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

/** A fresh database on the server at `adminUrl`; `release` runs after it is dropped (the container's lease). */
async function createPostgresDatabase(adminUrl: string, release?: () => Promise<void>): Promise<TestDatabase> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { url: url.toString() },
    kind: 'postgres',
    cleanup: async () => {
      try {
        await withAdmin(adminUrl, async (client) => {
          // Kick leftover sessions (e.g. a pool that was not closed) so the drop succeeds.
          await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
            name,
          ]);
          await client.query(`drop database if exists "${name}"`);
        });
      } finally {
        await release?.();
      }
    },
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

export { deliveryStates, publishedEffects, subscribersOfTopic } from './effects.ts';
