import { sql, type Kysely } from 'kysely';

/**
 * Texts (SMS through Twilio): a text's row can end `delivered` or `undelivered` (Twilio's status callbacks); an
 * appointment's contact keeps the number to text when the customer agreed to texts; and the numbers that replied STOP
 * are kept, so none of them is texted again until it replies START. A row's Twilio SID is looked up by the callbacks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await allowStates(db, ['scheduled', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'withdrawn']);
  await db.schema.alterTable('appointment_contacts').addColumn('sms_phone', 'text').execute();
  await db.schema
    .createTable('sms_opt_outs')
    .addColumn('phone', 'text', (col) => col.primaryKey())
    .addColumn('opted_out_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('messages_provider_idx').on('messages').columns(['provider_message_id']).where(sql.ref('channel'), '=', sql.lit('sms')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_provider_idx').execute();
  await db.schema.dropTable('sms_opt_outs').execute();
  await db.schema.alterTable('appointment_contacts').dropColumn('sms_phone').execute();
  await db.updateTable('messages').set({ state: 'sent' }).where('state', 'in', ['delivered', 'undelivered']).execute();
  await allowStates(db, ['scheduled', 'queued', 'sent', 'failed', 'withdrawn']);
}

async function allowStates(db: Kysely<any>, states: readonly string[]): Promise<void> {
  await sql`alter table messages drop constraint messages_state_check`.execute(db);
  await sql`alter table messages add constraint messages_state_check check (state in (${sql.join(states.map((state) => sql.lit(state)))}))`.execute(db);
}
