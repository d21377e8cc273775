import { sql, type Kysely } from 'kysely';

/**
 * Messages beyond an appointment's: each row gets the key its event gives it (`appointment-7.rescheduled.v3`,
 * `password-reset.<request id>`), unique per channel, so a redelivered event of any kind stores one message; the
 * appointment and its version become optional (a password reset has none). Every kind and state of the contracts is
 * allowed, and a scheduled message remembers when it is due.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('message_key', 'text').addColumn('due_at', 'timestamptz').execute();
  await sql`update messages set message_key = 'appointment-' || appointment_id || '.' || kind || '.v' || appointment_version`.execute(db);
  await sql`alter table messages alter column message_key set not null`.execute(db);
  await sql`alter table messages add constraint messages_key unique (message_key, channel)`.execute(db);
  await sql`alter table messages drop constraint messages_event_key`.execute(db);
  await sql`alter table messages alter column appointment_id drop not null, alter column appointment_version drop not null`.execute(db);
  await sql`alter table messages drop constraint messages_kind_check, drop constraint messages_channel_check, drop constraint messages_state_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`.execute(db);
  await sql`alter table messages add constraint messages_channel_check check (channel in ('email', 'sms'))`.execute(db);
  await sql`alter table messages add constraint messages_state_check check (state in ('scheduled', 'queued', 'sent', 'failed', 'withdrawn'))`.execute(db);
  await db.schema.createIndex('messages_appointment_idx').on('messages').columns(['appointment_id']).where(sql.ref('appointment_id'), 'is not', null).execute();
  await db.schema.createIndex('messages_recipient_idx').on('messages').columns(['recipient']).execute();
}

// The kinds as this migration allows them (a later kind needs a migration of its own, as the contracts' list grows).
export const kinds = [
  'booking-confirmation',
  'rescheduled',
  'cancelled',
  'reminder-day-before',
  'reminder-hours-before',
  'job-completed',
  'on-my-way',
  'arrived',
  'running-late',
  'payment-receipt',
  'password-reset',
  'email-proof',
  'registration-attempt',
  'sign-in-link',
  'phone-code',
  'find-appointment',
  'office-alert',
];

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('messages').where('appointment_id', 'is', null).execute();
  await db.schema.dropIndex('messages_recipient_idx').execute();
  await db.schema.dropIndex('messages_appointment_idx').execute();
  await sql`alter table messages drop constraint messages_kind_check, drop constraint messages_channel_check, drop constraint messages_state_check`.execute(db);
  await db.deleteFrom('messages').where('kind', 'not in', ['booking-confirmation', 'rescheduled', 'cancelled']).execute();
  await sql`alter table messages add constraint messages_kind_check check (kind in ('booking-confirmation', 'rescheduled', 'cancelled'))`.execute(db);
  await sql`alter table messages add constraint messages_channel_check check (channel in ('email'))`.execute(db);
  await sql`alter table messages add constraint messages_state_check check (state in ('scheduled', 'queued', 'sent', 'failed'))`.execute(db);
  await sql`alter table messages alter column appointment_id set not null, alter column appointment_version set not null`.execute(db);
  await sql`alter table messages add constraint messages_event_key unique (appointment_id, kind, appointment_version, channel)`.execute(db);
  await sql`alter table messages drop constraint messages_key`.execute(db);
  await db.schema.alterTable('messages').dropColumn('message_key').dropColumn('due_at').execute();
}
