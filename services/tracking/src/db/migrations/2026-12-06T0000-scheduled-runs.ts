import type { Kysely } from 'kysely';

/**
 * `scheduled_runs`: when each piece of scheduled work (the demo driver) last ran, by the database's clock, so replicas
 * sharing the database run each turn of it once between them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_run_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').execute();
}
