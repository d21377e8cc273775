import path from 'node:path';
import type { Kysely, Migration } from 'kysely';
import { z } from 'zod';
import type { ServiceName } from '@repo/contracts';
import { createDatabase, migrateServiceDatabase, pendingServiceMigrations, type Database } from './db/index.ts';
import type { ServiceApp, ServiceRuntime } from './service-app.ts';
import { EnvError, loadEnv, type BaseEnv } from './env.ts';
import { runService, runServices, startOrExit, type RunEntry } from './run-service.ts';

export { startOrExit };

export type { ServiceRuntime };
export const systemRuntime: ServiceRuntime = { now: () => new Date() };

export type ServiceDefinition<Env extends BaseEnv, DB> = {
  name: ServiceName;
  envSchema: z.ZodType<Env>;
  migrations: Record<string, Migration>;
  /** Builds the app; demo data is inserted from here with `seedWhenReady`, so it can use what the app starts. */
  build: (env: Env, database: Database<DB>, runtime: ServiceRuntime) => Promise<ServiceApp>;
};

/**
 * Inserts demo data (when the database has none: `seed` checks) with SEED_DEMO=true, once the app is ready: after
 * the plugins registered before this call have started, so the seed can enqueue cross-service effects.
 */
export function seedWhenReady(app: ServiceApp, env: Pick<BaseEnv, 'SEED_DEMO'>, seed: () => Promise<void>): void {
  if (env.SEED_DEMO === 'true') app.addHook('onReady', seed);
}

/** Where an embedded service keeps its PGlite files when neither DATABASE_URL nor DATA_DIR is set. */
export function defaultDataDir(name: ServiceName): string {
  return path.resolve(process.cwd(), '../../data', name);
}

/** The command that brings a service's schema up to date, as the production image runs it. */
export const migrateCommand = 'node dist/server.mjs migrate';

/** What the migrate command reads: only where the database is, so a migration job needs no other secret. */
const databaseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATA_DIR: z.string().min(1).optional(),
});
type DatabaseEnv = z.infer<typeof databaseEnvSchema> & { DATABASE_POOL_SIZE?: number };

/**
 * Opens the service's database: PostgreSQL at DATABASE_URL, otherwise an embedded PGlite under DATA_DIR. In
 * production an embedded database on the container's disk would be lost with the container and unseen by the other
 * replicas, so there DATABASE_URL is required.
 */
export async function openServiceDatabase<DB>(name: ServiceName, env: DatabaseEnv): Promise<Database<DB>> {
  if (env.DATABASE_URL) return createDatabase<DB>({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  if (env.NODE_ENV === 'production') {
    throw new EnvError(name, [
      `DATABASE_URL is required in production (NODE_ENV=production): without it the service would keep its data in an embedded database on this machine's disk, which other replicas cannot see and a new container starts without. Set DATABASE_URL to the service's PostgreSQL database (postgres://${name}:<password>@<host>:5432/${name}), or run with NODE_ENV=development for the embedded database.`,
    ]);
  }
  return createDatabase<DB>({ dataDir: env.DATA_DIR ?? defaultDataDir(name) });
}

/**
 * A service process. `node dist/server.mjs` serves; `node dist/server.mjs migrate` applies the pending migrations and
 * exits (0 when the schema is current, 1 naming the migration that failed).
 */
export function serviceMain<Env extends BaseEnv, DB>(definition: ServiceDefinition<Env, DB>, argv: string[] = process.argv.slice(2)): void {
  const [command, ...rest] = argv;
  if (rest.length > 0 || (command !== undefined && command !== 'migrate')) {
    console.error(`${definition.name}: unknown arguments "${argv.join(' ')}". Run \`node dist/server.mjs\` to serve, or \`${migrateCommand}\` to apply the migrations.`);
    process.exit(2);
  }
  startOrExit(() => (command === 'migrate' ? migrate(definition) : serve(definition)));
}

/** Applies the pending migrations and reports what it did; running it again on a current schema applies nothing. */
async function migrate<Env extends BaseEnv, DB>(definition: ServiceDefinition<Env, DB>): Promise<void> {
  const env = loadEnv(definition.name, databaseEnvSchema);
  const database = await openServiceDatabase<DB>(definition.name, env);
  try {
    const applied = await migrateServiceDatabase(database.db as Kysely<unknown> as Kysely<any>, definition.migrations);
    console.log(
      applied.length === 0
        ? `${definition.name}: the schema is up to date (${Object.keys(definition.migrations).length} migrations); nothing to apply.`
        : `${definition.name}: applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:\n${applied.map((name) => `  - ${name}`).join('\n')}`,
    );
  } finally {
    await database.close();
  }
}

/**
 * Validated environment, database, schema, the app (with optional demo data), then `listen`. In production the
 * schema is migrated beforehand by the migrate command (one step per deploy, not one race per replica), and a
 * service refuses to start on a schema that is behind its code. Elsewhere (`pnpm start`, tests) it migrates itself.
 */
async function serve<Env extends BaseEnv, DB>(definition: ServiceDefinition<Env, DB>): Promise<void> {
  const env = loadEnv(definition.name, definition.envSchema);
  const { app, database } = await prepare(definition, env, systemRuntime);
  await runService(app, {
    host: env.HOST,
    port: env.PORT,
    onClose: () => database.close(),
    delayMs: env.SHUTDOWN_DELAY_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  });
}

/** The service's database opened and its schema checked (production) or brought up to date, and the app built on it. */
async function prepare<Env extends BaseEnv, DB>(definition: ServiceDefinition<Env, DB>, env: Env, runtime: ServiceRuntime) {
  const database = await openServiceDatabase<DB>(definition.name, env);
  try {
    const db = database.db as Kysely<unknown> as Kysely<any>;
    if (env.NODE_ENV === 'production') await refuseSchemaBehind(definition.name, db, definition.migrations);
    else await migrateServiceDatabase(db, definition.migrations);
    return { app: await definition.build(env, database, runtime), database };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** One service of an embedded host: its definition, its environment (as its own process would get it) and its log. */
export type HostedService = { definition: ServiceDefinition<any, any>; env: NodeJS.ProcessEnv; logStream: NodeJS.WritableStream };

/**
 * Runs several services in this one process, each on its own embedded database, port and log, as `pnpm start` does:
 * each Node process and each PostgreSQL instance has a fixed cost of memory, and one process with small embedded
 * databases keeps the whole system under 1 GB (`pnpm bench memory`). The services still reach each other only by
 * HTTP on their ports, exactly as separate processes do. Not for production, which runs each service on its own
 * (with PostgreSQL): a host refuses NODE_ENV=production. The services start one after another (an embedded database's
 * first start takes the most memory), and one signal stops them all.
 */
export async function hostServices(services: HostedService[]): Promise<void> {
  const entries: RunEntry[] = [];
  let last: BaseEnv | undefined;
  try {
    for (const { definition, env: source, logStream } of services) {
      const env = loadEnv(definition.name, definition.envSchema, source);
      if (env.NODE_ENV === 'production') {
        throw new EnvError(definition.name, ['an embedded host runs services for development only: in production run each service on its own (node dist/server.mjs) with DATABASE_URL']);
      }
      const { app, database } = await prepare(definition, env, { ...systemRuntime, logStream });
      entries.push({ app, host: env.HOST, port: env.PORT, onClose: () => database.close() });
      last = env;
    }
  } catch (err) {
    for (const { app, onClose } of entries) await app.close().then(onClose);
    throw err;
  }
  await runServices(entries, { delayMs: last?.SHUTDOWN_DELAY_MS, timeoutMs: last?.SHUTDOWN_TIMEOUT_MS });
}

async function refuseSchemaBehind(name: ServiceName, db: Kysely<any>, migrations: Record<string, Migration>): Promise<void> {
  const pending = await pendingServiceMigrations(db, migrations);
  if (pending.length === 0) return;
  throw new Error(
    [
      `${name}: the database schema is behind this version of the service: ${pending.length} migration${pending.length === 1 ? ' is' : 's are'} not applied:`,
      ...pending.map((migration) => `  - ${migration}`),
      `Run \`${migrateCommand}\` with the same DATABASE_URL first (docker compose runs it as the ${name}-migrate service before ${name} starts). The service did not start.`,
    ].join('\n'),
  );
}
