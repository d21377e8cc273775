import { sql, type Kysely } from 'kysely';

/**
 * Twilio may post a text's final status (delivered, read, undelivered, failed) before the send job has stored the SID
 * Twilio's create-message answer gave it. Such a status is kept here, one row per SID (the most final one), until the
 * send job stores that SID and applies it in the same transaction; one whose SID never shows up is dropped by the
 * retention sweep a day after it arrived.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('early_text_statuses')
    .addColumn('sid', 'text', (col) => col.primaryKey())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('delivered', 'read', 'undelivered', 'failed')`))
    .addColumn('error_code', 'text')
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('early_text_statuses_received_idx').on('early_text_statuses').columns(['received_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('early_text_statuses').execute();
}
