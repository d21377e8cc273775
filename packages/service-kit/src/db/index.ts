import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import {
  PgNotifications,
  pgliteNotifications,
  type ListenOptions,
  type NotificationHandler,
  type Notifications,
  type Unlisten,
} from './notify.ts';
import { migrateKitTables, pendingKitMigrations } from './kit-migrations.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { pgTypes, pgliteParsers } from './type-parsers.ts';

export { PGliteDialect, type PGliteDialectConfig } from './pglite-dialect.ts';
export {
  isRetryableTransactionError,
  isSerializationFailure,
  isUniqueViolation,
  sqlState,
  uniqueViolationConstraint,
} from './errors.ts';
export {
  LISTEN_APPLICATION_NAME,
  MAX_NOTIFY_PAYLOAD_BYTES,
  notify,
  type ListenOptions,
  type NotificationHandler,
  type Unlisten,
} from './notify.ts';
export { KIT_MIGRATION_TABLE, migrateKitTables } from './kit-migrations.ts';
export type { Migration } from 'kysely';

export type DatabaseConfig = {
  /** postgres:// URL. When set, a `pg` pool is used; otherwise an in-process PGlite. */
  url?: string;
  /** PGlite data directory (created if missing); undefined or 'memory://' keeps it in memory. */
  dataDir?: string;
  /** Max pooled `pg` connections (default 10). Ignored for PGlite, which has one session. */
  poolSize?: number;
  /** Max connections of the effects queue's own pool (pg-boss, pg only; default 3). */
  queuePoolSize?: number;
  /** How long an unused pooled `pg` connection stays open, in both pools (pg only; default pg's 10 s). */
  idleTimeoutMillis?: number;
  /** Errors of idle pooled `pg` clients (e.g. server restart). Default: logged to stderr. */
  onPoolError?: (err: Error) => void;
  /**
   * Problems of `listen`: a lost pg listening connection, failed reconnect attempts, a handler that threw.
   * Default: logged to stderr.
   */
  onListenError?: (err: Error) => void;
  /** Backoff between reconnects of the pg listening connection (default 250 ms doubling up to 10 s). */
  listenReconnectDelayMs?: { initial?: number; max?: number };
};

export type Database<DB> = {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  /**
   * The embedded instance (PGlite only). Its one session is shared with `db`: anything that uses it directly must hold
   * the dialect's mutex (`db.connection().execute(...)`), or its statements land inside the app's open transaction.
   */
  pglite?: PGlite;
  /** The PostgreSQL connection string (pg only), for components that open their own connections. */
  url?: string;
  /** How many connections the effects queue's own pool may open (pg only; `DatabaseConfig.queuePoolSize`). */
  queuePoolSize?: number;
  /** How long the effects queue's unused connections stay open (pg only; `DatabaseConfig.idleTimeoutMillis`). */
  idleTimeoutMillis?: number;
  /**
   * Calls `onPayload` with each notification on `channel` (sent with `notify`; delivered after commit, never on
   * rollback). Resolves once listening, with a function that stops it. On pg, all channels share one dedicated
   * connection, opened on the first call, which reconnects by itself after a drop (see `ListenOptions.onReconnect`).
   * Channel names: a-z, 0-9, _ . : - (RangeError otherwise).
   */
  listen(channel: string, onPayload: NotificationHandler, options?: ListenOptions): Promise<Unlisten>;
  /** Runs `select 1`; rejects when the database is unreachable. */
  ping(): Promise<void>;
  /** Stops listening, then ends the pool / closes PGlite. Safe to call twice. */
  close(): Promise<void>;
};

const DEFAULT_POOL_SIZE = 10;

/** A `pg` pool's connections as its metrics report them (none for PGlite, which has one session and no pool). */
export type PoolStats = { total: number; idle: number; waiting: number; errors: number };
const poolStats = new WeakMap<object, () => PoolStats>();
/** The pool behind a database's Kysely instance (what a service hands the kit as `limitsDb`), when it has one. */
export const poolStatsOf = (db: Kysely<any>): (() => PoolStats) | undefined => poolStats.get(db);
/** Shared buffers of an embedded (PGlite) database. */
export const EMBEDDED_SHARED_BUFFERS = '8MB';

export async function createDatabase<DB>(config: DatabaseConfig): Promise<Database<DB>> {
  if (config.url) {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? DEFAULT_POOL_SIZE,
      ...(config.idleTimeoutMillis ? { idleTimeoutMillis: config.idleTimeoutMillis } : {}),
      types: pgTypes,
      // Same session timezone as PGlite (GMT), so SQL-side date casts agree.
      options: '-c TimeZone=UTC',
    });
    // Without a listener an idle client's error would crash the process.
    pool.on('error', config.onPoolError ?? ((err) => console.error('[db] idle pg client error:', err)));
    // pg-pool takes its idle 'error' listener off a client while it is checked out: a server that ends the session then
    // (a restart, 57P01) would emit 'error' with nobody listening and end the process. The statement in flight rejects
    // with the same error, and the pool discards the broken client on release, so the listener has nothing else to do.
    pool.on('connect', (client) => client.on('error', () => undefined));
    let errors = 0;
    pool.on('error', () => (errors += 1));
    const notifications = new PgNotifications({
      url: config.url,
      report: listenErrorReporter(config),
      ...(config.listenReconnectDelayMs ? { reconnectDelayMs: config.listenReconnectDelayMs } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    poolStats.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, errors }));
    return wrap(db, 'postgres', notifications, {
      url: config.url,
      ...(config.queuePoolSize ? { queuePoolSize: config.queuePoolSize } : {}),
      ...(config.idleTimeoutMillis ? { idleTimeoutMillis: config.idleTimeoutMillis } : {}),
    });
  }

  const dataDir = config.dataDir && config.dataDir !== 'memory://' ? resolve(config.dataDir) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Loaded lazily so pg-only deployments never evaluate the WASM build.
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // PGlite before 0.4 kept its tables in template1; later versions open `postgres` unless told, which on a folder
    // made by an earlier version is an empty database. Every embedded database stays in template1.
    database: 'template1',
    // PostgreSQL's default 128 MB of shared buffers is most of an embedded instance's memory; a service's working set
    // is a few MB, and five services run on one developer machine (see `pnpm bench memory`).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    parsers: pgliteParsers,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite, parsers: pgliteParsers }) });
  return wrap(db, 'pglite', pgliteNotifications(pglite, db, listenErrorReporter(config)), { pglite });
}

function listenErrorReporter(config: DatabaseConfig): (err: Error) => void {
  return config.onListenError ?? ((err) => console.error('[db] listen:', err));
}

function wrap<DB>(
  db: Kysely<DB>,
  kind: Database<DB>['kind'],
  notifications: Notifications,
  handles: Pick<Database<DB>, 'pglite' | 'url' | 'queuePoolSize' | 'idleTimeoutMillis'>,
): Database<DB> {
  let closing: Promise<void> | undefined;
  return {
    db,
    kind,
    ...handles,
    listen: (channel, onPayload, options) => notifications.listen(channel, onPayload, options),
    async ping() {
      await sql`select 1`.execute(db);
    },
    close() {
      closing ??= notifications
        .close()
        .finally(() => db.destroy())
        // Kysely initialises its driver on the first query, and destroys only an initialised one.
        .finally(() => (handles.pglite && !handles.pglite.closed ? handles.pglite.close() : undefined));
      return closing;
    },
  };
}

/**
 * Applies all pending migrations in name order (names are timestamped, e.g.
 * '2026-11-22T0000-init') and resolves with the names it applied (none when the schema was current). Migrations are
 * passed in statically so bundlers see them. Throws an Error naming the failed migration, with the original error as
 * `cause`.
 */
export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration>): Promise<string[]> {
  const { error, results } = await migratorOf(db, migrations).migrateToLatest();
  if (error === undefined) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const failed = results?.find((r) => r.status === 'Error');
  const cause = error instanceof Error ? error.message : String(error);
  const what = failed ? `migration "${failed.migrationName}" failed` : 'migrations failed';
  throw new Error(`${what}: ${cause}`, { cause: error });
}

/**
 * A service's database brought up to date: the kit's own tables first, then the service's migrations. Answers the
 * names it applied (the kit's prefixed `service kit: `).
 */
export async function migrateServiceDatabase(db: Kysely<any>, migrations: Record<string, Migration>): Promise<string[]> {
  const kit = await migrateKitTables(db);
  return [...kit.map((name) => `service kit: ${name}`), ...(await migrateToLatest(db, migrations))];
}

/** What `migrateServiceDatabase` would apply: the kit's pending migrations, then the service's (reads only). */
export async function pendingServiceMigrations(db: Kysely<any>, migrations: Record<string, Migration>): Promise<string[]> {
  const kit = await pendingKitMigrations(db);
  return [...kit.map((name) => `service kit: ${name}`), ...(await pendingMigrations(db, migrations))];
}

/**
 * The names of `migrations` this database has not applied yet, in order; reads only (a database never migrated has
 * no migration table, and every migration is pending). Migrations the database has applied but this build does not
 * know (a newer build migrated it) are not counted: an older build runs on the expanded schema during a rollout.
 */
export async function pendingMigrations(db: Kysely<any>, migrations: Record<string, Migration>): Promise<string[]> {
  const known = await migratorOf(db, migrations).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

function migratorOf(db: Kysely<any>, migrations: Record<string, Migration>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}
