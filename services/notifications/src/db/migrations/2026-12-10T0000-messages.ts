import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointments')
    .addColumn('appointment_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('booking-confirmation', 'rescheduled', 'cancelled')`))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email')`))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('appointment_id', 'integer', (col) => col.notNull())
    .addColumn('appointment_version', 'integer', (col) => col.notNull())
    .addColumn('email_message_id', 'text', (col) => col.notNull().unique())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('scheduled', 'queued', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('provider_message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('calendar', 'text')
    .addColumn('calendar_file_name', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('messages_event_key', ['appointment_id', 'kind', 'appointment_version', 'channel'])
    .execute();
  await db.schema.createIndex('messages_state_created_idx').on('messages').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('appointments').execute();
}
