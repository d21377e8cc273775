import { PgBoss, type ConstructorOptions, type Db } from 'pg-boss';
import type { Database } from '../db/index.ts';
import { allRows, runStatement } from '../db/pglite-dialect.ts';

/** pg-boss's tables live in their own schema of the service's database. */
export const QUEUE_SCHEMA = 'pgboss';

export type QueueTimers = Pick<ConstructorOptions, 'superviseIntervalSeconds' | 'monitorIntervalSeconds'>;

/**
 * pg-boss on the service's database. On PostgreSQL it has its own small pool (plus one LISTEN connection). On
 * PGlite it shares the one session with the app, so every statement (and the LISTEN) takes the dialect's mutex:
 * pg-boss's stock PGlite adapter would run inside whatever app transaction is open, and commit or roll it back
 * (measured: a send outside the transaction vanished with its rollback). `fromKysely(rootDb)` is no alternative either: the dialect
 * returns no rows for multi-statement strings, which pg-boss needs.
 */
export function createQueue(database: Database<any>, name: string, timers: QueueTimers): PgBoss {
  const common: ConstructorOptions = {
    schema: QUEUE_SCHEMA,
    useListenNotify: true,
    schedule: false,
    registerInstance: false,
    ...timers,
  };
  if (database.kind === 'postgres') {
    if (!database.url) throw new Error('effects: the PostgreSQL database has no connection URL');
    return new PgBoss({
      ...common,
      connectionString: database.url,
      max: database.queuePoolSize ?? 3,
      ...(database.idleTimeoutMillis ? { idleTimeoutMillis: database.idleTimeoutMillis } : {}),
      application_name: `${name}-effects`,
    });
  }
  if (!database.pglite) throw new Error('effects: the PGlite database exposes no instance');
  return new PgBoss({ ...common, backend: 'pglite', db: guardedPglite(database) });
}

/**
 * pg-boss's statements on the app's PGlite session, each under the dialect's mutex, through the dialect's protocol path
 * (two calls into the database per statement where PGlite's query() makes six: the worker's fetch and completion run
 * per delivered batch on the thread the app's writes run on). Like pg-boss's own PGlite adapter, it gives the rows of
 * every statement of a multi-statement string (its locked `BEGIN … COMMIT` blocks), and rolls back after a failure, so
 * a block that failed half-way leaves no aborted transaction behind for the next statement.
 */
function guardedPglite(database: Database<any>): Db {
  const pglite = database.pglite!;
  return {
    executeSql: (text, values) =>
      database.db.connection().execute(async () => {
        try {
          return { rows: allRows(await runStatement(pglite, text, values ?? [], { inTransaction: false }), pglite.parsers) };
        } catch (err) {
          await runStatement(pglite, 'rollback', [], { inTransaction: false }).catch(() => undefined);
          throw err;
        }
      }),
    // The database kit's listen quotes the channel and takes the mutex (a LISTEN inside an open app transaction
    // would vanish on its rollback).
    listen: async (channel, onNotification, onReconnect) => {
      const unlisten = await database.listen(channel, onNotification);
      onReconnect();
      return { close: unlisten };
    },
  };
}
