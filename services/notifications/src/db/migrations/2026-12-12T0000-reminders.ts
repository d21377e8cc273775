import { sql, type Kysely } from 'kysely';

/**
 * Reminders: the newest recorded version of each appointment also keeps its status and start, which a reminder's job
 * checks when it falls due (never for a visit cancelled, under way or past); a scheduled message keeps its send job's
 * id, so a move or a cancellation cancels the job in the same transaction; and the scheduled ones are found by their
 * appointment and state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('status', 'text').addColumn('starts_at', 'timestamptz').execute();
  await db.schema.alterTable('messages').addColumn('job_id', 'text').execute();
  await db.schema
    .createIndex('messages_scheduled_idx')
    .on('messages')
    .columns(['appointment_id'])
    .where(sql.ref('state'), '=', 'scheduled')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_scheduled_idx').execute();
  await db.schema.alterTable('messages').dropColumn('job_id').execute();
  await db.schema.alterTable('appointments').dropColumn('status').dropColumn('starts_at').execute();
}
