import path from 'node:path';
import type { Kysely, Migration } from 'kysely';
import type { z } from 'zod';
import type { ServiceName } from '@repo/contracts';
import { createDatabase, migrateServiceDatabase, type Database } from './db/index.ts';
import type { ServiceApp } from './create-service.ts';
import { loadEnv, type BaseEnv } from './env.ts';
import { runService, startOrExit } from './run-service.ts';

/** What a service takes from its surroundings besides env and database; tests replace the clock. */
export type ServiceRuntime = { now: () => Date };
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

/** A service process: validated environment, database, migrations, the app (with optional demo data), then `listen`. */
export function serviceMain<Env extends BaseEnv, DB>(definition: ServiceDefinition<Env, DB>): void {
  startOrExit(async () => {
    const env = loadEnv(definition.name, definition.envSchema);
    const database = await createDatabase<DB>(
      env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR ?? defaultDataDir(definition.name) },
    );
    await migrateServiceDatabase(database.db as Kysely<unknown> as Kysely<any>, definition.migrations);
    const app = await definition.build(env, database, systemRuntime);
    await runService(app, { host: env.HOST, port: env.PORT, onClose: () => database.close() });
  });
}
