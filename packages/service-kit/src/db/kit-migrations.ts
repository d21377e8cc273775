import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { sharedLimitsMigration } from '../limits/migration.ts';

/**
 * Tables the service kit itself reads and writes in every service's database: the message ids an effects receiver
 * has applied, and the outbox a publisher writes its events into. The kit migrates them under its own migration
 * table, so a service lists only its own migrations and a kit change needs no change in any service.
 */
export const KIT_MIGRATION_TABLE = 'service_kit_migration';

/** The names services used when they still listed the received-effects table among their own migrations. */
const adoptedServiceMigration = '%-received-effects';

export const kitMigrations: Record<string, Migration> = {
  '2026-12-05T0000-received-effects': {
    async up(db) {
      // Databases created before the kit owned this table already have it (from the service's own list).
      await db.schema
        .createTable('received_effects')
        .ifNotExists()
        .addColumn('message_id', 'uuid', (column) => column.primaryKey())
        .addColumn('topic', 'text', (column) => column.notNull())
        .addColumn('sender', 'text', (column) => column.notNull())
        .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      // The service's record of having created it goes, or its migrator would report that migration as missing.
      const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
      if (rows[0]?.present) await sql`delete from kysely_migration where name like ${adoptedServiceMigration}`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('received_effects').ifExists().execute();
    },
  },
  '2026-12-05T0100-effect-outbox': {
    async up(db) {
      await db.schema
        .createTable('effect_outbox')
        .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('service', 'text', (column) => column.notNull())
        .addColumn('message_id', 'uuid', (column) => column.notNull())
        .addColumn('topic', 'text', (column) => column.notNull())
        .addColumn('payload', 'jsonb', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('effect_outbox').execute();
    },
  },
  // Rate-limit counters and WebSocket connection leases, shared by a service's replicas (limits/).
  '2026-12-06T0000-shared-limits': sharedLimitsMigration,
  // The id of the request whose work published an event, carried to its subscribers for their logs (request-context.ts).
  '2026-12-07T0000-outbox-request-id': {
    async up(db) {
      await db.schema.alterTable('effect_outbox').addColumn('request_id', 'text').execute();
    },
    async down(db) {
      await db.schema.alterTable('effect_outbox').dropColumn('request_id').execute();
    },
  },
};

const kitMigrator = (db: Kysely<any>) =>
  new Migrator({
    db,
    provider: { getMigrations: async () => kitMigrations },
    migrationTableName: KIT_MIGRATION_TABLE,
    migrationLockTableName: `${KIT_MIGRATION_TABLE}_lock`,
  });

/** The kit's migrations this database has not applied yet, in order (reads only). */
export async function pendingKitMigrations(db: Kysely<any>): Promise<string[]> {
  return (await kitMigrator(db).getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Applies the kit's pending migrations (tracked in `service_kit_migration`) and answers the names it applied. */
export async function migrateKitTables(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await kitMigrator(db).migrateToLatest();
  if (error === undefined) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const failed = results?.find((r) => r.status === 'Error');
  const cause = error instanceof Error ? error.message : String(error);
  throw new Error(`service kit ${failed ? `migration "${failed.migrationName}" failed` : 'migrations failed'}: ${cause}`, { cause: error });
}
