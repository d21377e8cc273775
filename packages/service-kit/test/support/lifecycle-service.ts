/**
 * A service process built with the kit's `serviceMain`, for the start-up, migrate and shutdown tests: two migrations
 * (LIFECYCLE_MIGRATIONS=1 builds an older version that knows only the first), and GET /slow, which answers only once
 * a line arrives on stdin, so a test decides when a request in flight finishes without waiting for a clock.
 */
import { createInterface } from 'node:readline';
import { sql, type Migration } from 'kysely';
import { baseEnvSchema, createService } from '../../src/index.ts';
import { serviceMain } from '../../src/service-main.ts';

export const lifecycleMigrations: Record<string, Migration> = {
  '2026-01-01T0000-create-visits': {
    up: async (db) => {
      await db.schema.createTable('lifecycle_visits').addColumn('id', 'serial', (column) => column.primaryKey()).execute();
    },
  },
  '2026-02-01T0000-add-visit-notes': {
    up: async (db) => {
      await db.schema.alterTable('lifecycle_visits').addColumn('notes', 'text').execute();
    },
  },
};

const releases: (() => void)[] = [];
createInterface({ input: process.stdin }).on('line', () => releases.splice(0).forEach((release) => release()));
// Reading stdin must not keep the process alive: the migrate command exits once it is done.
process.stdin.unref();

const known = Number(process.env.LIFECYCLE_MIGRATIONS ?? Object.keys(lifecycleMigrations).length);

serviceMain({
  name: 'booking',
  envSchema: baseEnvSchema(0),
  migrations: Object.fromEntries(Object.entries(lifecycleMigrations).slice(0, known)),
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'booking', env, runtime, ready: database.ping });
    app.get('/slow', async () => {
      // Printed once the request is in flight, so the test signals the process only then.
      console.log('slow request started');
      await new Promise<void>((resolve) => releases.push(resolve));
      const { rows } = await sql<{ visits: number }>`select count(*)::int as visits from lifecycle_visits`.execute(database.db);
      return { finished: true, visits: rows[0]?.visits };
    });
    return app;
  },
});
