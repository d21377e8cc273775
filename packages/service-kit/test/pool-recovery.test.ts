import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isConnectionError } from '../src/db/errors.ts';
import { createDatabase, type Database } from '../src/db/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

// A server that ends a session while the pool has lent its client out (a restart's 57P01 under a query or inside a
// transaction) must reject that call, not end the process with an unheard 'error' event; the pool then goes on with
// fresh connections.
let testDatabase: TestDatabase;
let database: Database<unknown>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await createDatabase({ ...testDatabase.config, onPoolError: () => undefined });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.cleanup();
});

it('survives the server ending a lent-out session, and carries on with a fresh connection', async () => {
  if (database.kind !== 'postgres') return; // PGlite runs in-process: there is no session to end
  const terminated = await sql`select pg_terminate_backend(pg_backend_pid())`.execute(database.db).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isConnectionError(terminated)).toBe(true);
  const inTransaction = await database.db
    .transaction()
    .execute(async (trx) => sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx))
    .then(() => undefined, (err: unknown) => err);
  expect(isConnectionError(inTransaction)).toBe(true);
  expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
});
