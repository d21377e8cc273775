import type { Kysely } from 'kysely';
import type { SessionClaims } from '@repo/contracts';
import { signSession } from './auth.ts';
import type { ServiceApp } from './create-service.ts';
import { createDatabase, migrateToLatest, type Database } from './db/index.ts';
import { loadEnv, type BaseEnv } from './env.ts';
import { systemRuntime, type ServiceDefinition, type ServiceRuntime } from './service-main.ts';
import { createTestDatabase } from './testing/index.ts';

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256';

export type TestService<DB> = {
  app: ServiceApp;
  db: Kysely<DB>;
  database: Database<DB>;
  /** A bearer header value for a session with these claims, as accounts would mint it. */
  bearer: (claims: SessionClaims) => string;
  close: () => Promise<void>;
};

/** Builds a service on its own isolated, migrated database (real PostgreSQL when reachable), ready for `inject`. */
export async function createTestService<Env extends BaseEnv, DB>(
  definition: ServiceDefinition<Env, DB>,
  env: Record<string, string> = {},
  runtime: ServiceRuntime = systemRuntime,
): Promise<TestService<DB>> {
  const testDatabase = await createTestDatabase();
  const database = await createDatabase<DB>(testDatabase.config);
  await migrateToLatest(database.db as Kysely<any>, definition.migrations);
  const parsed = loadEnv(definition.name, definition.envSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: testJwtSecret,
    ...env,
  });
  const app = await definition.build(parsed, database, runtime);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    bearer: (claims) => `Bearer ${signSession(app, claims)}`,
    close: async () => {
      await app.close();
      await database.close();
      await testDatabase.cleanup();
    },
  };
}
