import type { Migration } from 'kysely';

/** The kit's tables for limits every replica of a service shares (see rate-limit-store.ts and connection-leases.ts). */
export type SharedLimitsTables = {
  rate_limit_counters: { key: string; hits: number; resets_at: Date };
  connection_leases: { id: string; key: string; holder: string; expires_at: Date };
};

/** The tables of the shared limits, owned by the kit: migrated with the kit's own tables (db/kit-migrations.ts). */
export const sharedLimitsMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('hits', 'integer', (column) => column.notNull())
      .addColumn('resets_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_counters_resets_at').on('rate_limit_counters').column('resets_at').execute();
    await db.schema
      .createTable('connection_leases')
      .addColumn('id', 'uuid', (column) => column.primaryKey())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('holder', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('connection_leases_key').on('connection_leases').columns(['key', 'expires_at']).execute();
    await db.schema.createIndex('connection_leases_holder').on('connection_leases').column('holder').execute();
  },
  async down(db) {
    await db.schema.dropTable('connection_leases').execute();
    await db.schema.dropTable('rate_limit_counters').execute();
  },
};
