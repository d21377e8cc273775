import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { createDatabase, migrateServiceDatabase, migrateToLatest, type Database } from '../src/db/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

type Tables = {
  customers: { id: number };
  received_effects: { message_id: string; topic: string; sender: string };
  kysely_migration: { name: string };
  service_kit_migration: { name: string };
};

let store: TestDatabase | undefined;
let database: Database<Tables> | undefined;
afterEach(async () => {
  await database?.close();
  await store?.cleanup();
  database = store = undefined;
});

async function open(): Promise<Kysely<Tables>> {
  store = await createTestDatabase();
  database = await createDatabase<Tables>(store.config);
  return database.db;
}

const serviceMigration: Migration = {
  async up(db) {
    await db.schema.createTable('customers').addColumn('id', 'integer', (c) => c.primaryKey()).execute();
  },
};
/** What a service pasted into its own list before the kit owned the table. */
const pastedReceivedEffects: Migration = {
  async up(db) {
    await db.schema
      .createTable('received_effects')
      .addColumn('message_id', 'uuid', (c) => c.primaryKey())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

const tables = async (db: Kysely<Tables>) =>
  (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`.execute(db)).rows.map((row) => row.name);

it('creates the kit’s tables before the service’s own, each tracked in its own migration table, and does it once', async () => {
  const db = await open();
  await migrateServiceDatabase(db, { '2026-11-22T0000-init': serviceMigration });
  await migrateServiceDatabase(db, { '2026-11-22T0000-init': serviceMigration });
  expect(await tables(db)).toEqual(
    expect.arrayContaining(['connection_leases', 'customers', 'effect_outbox', 'kysely_migration', 'rate_limit_counters', 'received_effects', 'service_kit_migration']),
  );
  const kit = await db.selectFrom('service_kit_migration').select('name').orderBy('name').execute();
  expect(kit.map((row) => row.name)).toEqual(['2026-12-05T0000-received-effects', '2026-12-05T0100-effect-outbox', '2026-12-06T0000-shared-limits', '2026-12-07T0000-outbox-request-id']);
  const own = await db.selectFrom('kysely_migration').select('name').execute();
  expect(own.map((row) => row.name)).toEqual(['2026-11-22T0000-init']);
});

it('adopts the received-effects table a service created under its own list, keeping what it recorded', async () => {
  const db = await open();
  // A database migrated before the kit owned the table: the service's list had the pasted migration.
  await migrateToLatest(db, { '2026-11-22T0000-init': serviceMigration, '2026-11-25T0000-received-effects': pastedReceivedEffects });
  await db.insertInto('received_effects').values({ message_id: '00000000-0000-4000-8000-000000000001', topic: 't', sender: 'accounts' }).execute();

  // The service's list no longer has it; its migrator must not report it missing.
  await migrateServiceDatabase(db, { '2026-11-22T0000-init': serviceMigration });
  expect((await db.selectFrom('kysely_migration').select('name').execute()).map((row) => row.name)).toEqual(['2026-11-22T0000-init']);
  expect(await db.selectFrom('received_effects').select('message_id').execute()).toEqual([{ message_id: '00000000-0000-4000-8000-000000000001' }]);
});
