import { sql, type Kysely } from 'kysely';

/**
 * The delivery log: one row per attempt to hand a message to the provider (when, sent or failed, the provider's error
 * or its id for the message), so staff see every try and not only the last error; and a resend remembers the message
 * it copies and who asked for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_attempts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('message_id', 'integer', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('attempted_at', 'timestamptz', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome in ('sent', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('provider_message_id', 'text')
    .execute();
  await db.schema.createIndex('message_attempts_message_idx').on('message_attempts').columns(['message_id', 'attempted_at']).execute();
  await db.schema
    .alterTable('messages')
    .addColumn('resent_from', 'integer', (col) => col.references('messages.id'))
    .addColumn('requested_by', 'text')
    .execute();
  await db.schema.createIndex('messages_resent_from_idx').on('messages').columns(['resent_from']).where(sql.ref('resent_from'), 'is not', null).execute();
  // The log lists newest first, filtered or not.
  await db.schema.createIndex('messages_created_idx').on('messages').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_created_idx').execute();
  await db.schema.dropIndex('messages_resent_from_idx').execute();
  await db.schema.alterTable('messages').dropColumn('resent_from').dropColumn('requested_by').execute();
  await db.schema.dropTable('message_attempts').execute();
}
