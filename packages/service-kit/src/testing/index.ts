import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, Migration } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateServiceDatabase, type DatabaseConfig } from '../db/index.ts';
import { kitMigrations } from '../db/kit-migrations.ts';
import { leasePostgresContainer, type ContainerLease } from './postgres-container.ts';

export { freePort } from './ports.ts';
export { GiveUp, waitFor } from './wait.ts';

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

/** A service's migrations (the kit's own tables come first): `owner` names the template database built from them. */
export type MigrationSet = { owner: string; migrations: Record<string, Migration> };

/**
 * Like `createTestDatabase`, but already migrated with `set`. On the reachable PostgreSQL the migrations run once per
 * server into a template database (`tpl_<owner>_<hash of the migrations>`), and each test database is cloned from it
 * (`create database … template …`), which takes milliseconds instead of running every migration again. A change to
 * any migration changes the hash, so a stale template is never used; the owner's templates of other migrations are
 * dropped when a new one is built and they are a day old (another checkout on the same server may still clone them;
 * one that finds its template gone builds it again). Several test processes may ask at once: the first builds the
 * template under an advisory lock, the others wait for it. PGlite and Testcontainers databases are migrated directly.
 */
export async function createMigratedTestDatabase(set: MigrationSet): Promise<TestDatabase> {
  const mode = process.env.TEST_DB;
  const adminUrl = mode === 'pglite' || mode === 'testcontainers' ? undefined : await reachableAdminUrl();
  if (adminUrl) {
    try {
      return await createPostgresDatabase(adminUrl, undefined, await templateFor(adminUrl, set));
    } catch (error) {
      // Another checkout on this server pruned the template (see buildTemplate): build it again, once.
      if ((error as { code?: string }).code !== UNDEFINED_DATABASE) throw error;
      return createPostgresDatabase(adminUrl, undefined, await templateFor(adminUrl, set, { rebuild: true }));
    }
  }
  const testDatabase = await createTestDatabase();
  try {
    await migrateInto(testDatabase.config, set.migrations);
  } catch (error) {
    await testDatabase.cleanup();
    throw error;
  }
  return testDatabase;
}

async function migrateInto(config: DatabaseConfig, migrations: MigrationSet['migrations']): Promise<void> {
  const database = await createDatabase<unknown>(config);
  try {
    await migrateServiceDatabase(database.db as Kysely<any>, migrations);
  } finally {
    await database.close();
  }
}

const TEMPLATES_KEY = Symbol.for('@repo/service-kit/testing/templates');
const UNDEFINED_DATABASE = '3D000';
/** An owner's templates built from other migrations are dropped once they are this old (other checkouts may use them). */
const STALE_TEMPLATE_MS = 24 * 3600_000;

/** The template's name, built (once per process and per server) if it does not exist yet. */
function templateFor(adminUrl: string, set: MigrationSet, { rebuild = false } = {}): Promise<string> {
  const hash = createHash('sha256');
  for (const [prefix, migrations] of [['kit', kitMigrations], ['service', set.migrations]] as const) {
    for (const name of Object.keys(migrations).sort()) {
      const { up, down } = migrations[name]!;
      hash.update(`${prefix}:${name}\0${up.toString()}\0${down?.toString() ?? ''}\0`);
    }
  }
  const owner = set.owner.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30);
  const name = `tpl_${owner}_${hash.digest('hex').slice(0, 16)}`;
  const cache = ((globalThis as { [TEMPLATES_KEY]?: Map<string, Promise<string>> })[TEMPLATES_KEY] ??= new Map());
  const key = `${adminUrl} ${name}`;
  let template = rebuild ? undefined : cache.get(key);
  if (!template) {
    template = buildTemplate(adminUrl, owner, name, set.migrations);
    // A failed build is tried again by the next caller instead of failing every later test file.
    template.catch(() => cache.delete(key));
    cache.set(key, template);
  }
  return template;
}

async function buildTemplate(adminUrl: string, owner: string, name: string, migrations: MigrationSet['migrations']): Promise<string> {
  await withAdmin(adminUrl, async (client) => {
    // One lock per owner: two processes never build (or drop) the same owner's templates at once.
    await client.query('select pg_advisory_lock(hashtext($1))', [`test-template:${owner}`]);
    try {
      const existing = await client.query<{ datname: string; built: string | null }>(
        `select datname, shobj_description(oid, 'pg_database') as built from pg_database where datname ~ $1`,
        [`^tpl_${owner}_[0-9a-f]{16}(_building)?$`],
      );
      if (existing.rows.some((row) => row.datname === name)) return;
      for (const { datname, built } of existing.rows) {
        if (!(Date.now() - Date.parse(built ?? '') < STALE_TEMPLATE_MS)) await dropDatabase(client, datname);
      }
      // Built under a temporary name and renamed when complete, so a half-migrated template is never cloned.
      const building = `${name}_building`;
      await dropDatabase(client, building);
      await client.query(`create database "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      try {
        await migrateInto({ url: url.toString(), poolSize: 1 }, migrations);
      } catch (error) {
        await dropDatabase(client, building);
        throw error;
      }
      await client.query(`alter database "${building}" rename to "${name}"`);
      await client.query(`comment on database "${name}" is '${new Date().toISOString()}'`);
      await client.query(`alter database "${name}" is_template true`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`test-template:${owner}`]);
    }
  });
  return name;
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`alter database "${name}" is_template false`).catch(() => undefined);
  await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  await client.query(`drop database if exists "${name}"`);
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

/**
 * Connections a test service's pools open at most: its app pool and its effects queue's. The unit layer runs two
 * packages at a time, two files each, some with several services alive at once; with production's pools (10, and 3 for
 * pg-boss, beside a listener each) they reached 99 of a stock PostgreSQL's 100 connections (accounts' queues alone
 * held 42), and a service refused one ("too many clients") failed a test. Even so, booking's and accounts' suites side by
 * side held 87, nearly all idle, and a child process's service was refused one: an unused connection closes after a
 * second instead of pg's ten.
 */
const testPools = { poolSize: 3, queuePoolSize: 2, idleTimeoutMillis: 1_000 };

/**
 * A fresh database on the server at `adminUrl`, empty or a copy of `template`; `release` runs after it is dropped (the
 * container's lease).
 */
async function createPostgresDatabase(adminUrl: string, release?: () => Promise<void>, template?: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { url: url.toString(), ...testPools },
    kind: 'postgres',
    cleanup: async () => {
      try {
        // Kicks leftover sessions (e.g. a pool that was not closed) so the drop succeeds.
        await withAdmin(adminUrl, (client) => dropDatabase(client, name));
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
