import { sql, type Kysely } from 'kysely';

/**
 * A message's content is kept NOTIFICATIONS_BODY_RETENTION_DAYS after its last activity, then removed by a daily sweep
 * (the subject and bodies emptied, the calendar file and unsubscribe link nulled), and the row says when; the rest of
 * the record stays. The sweep finds the rows still holding content by their last change, and runs as a chain of jobs
 * whose pending link `recurring_jobs` names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('body_removed_at', 'timestamptz').execute();
  await db.schema.createIndex('messages_body_kept_idx').on('messages').columns(['updated_at']).where(sql.ref('body_removed_at'), 'is', null).execute();
  await db.schema
    .createTable('recurring_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('due_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recurring_jobs').execute();
  await db.schema.dropIndex('messages_body_kept_idx').execute();
  await db.schema.alterTable('messages').dropColumn('body_removed_at').execute();
}
