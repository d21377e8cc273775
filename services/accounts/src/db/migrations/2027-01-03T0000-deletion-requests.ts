import type { Kysely } from 'kysely';

/**
 * A customer's request to be forgotten, as an administrator recorded it, and each service's report that it erased
 * what it held. The request keeps the account's id, never its name or contacts (they are what was erased).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deletion_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().unique())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('deletion_progress')
    .addColumn('request_id', 'uuid', (col) => col.notNull().references('deletion_requests.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('summary', 'text')
    .addPrimaryKeyConstraint('deletion_progress_pkey', ['request_id', 'service'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deletion_progress').execute();
  await db.schema.dropTable('deletion_requests').execute();
}
