import { sql, type Kysely } from 'kysely';

/**
 * The office's side of a booking: who confirmed an appointment and when, why the office cancelled it, whether a
 * technician is active (a deactivated one gets no new jobs), and the
 * appointment's history (one row per change, written in the transaction that made it). History starts with this
 * migration: earlier changes were never recorded, and nothing is made up for them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appointments')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by', 'text')
    .addColumn('cancel_reason', 'text')
    .execute();
  await db.schema
    .createTable('appointment_history')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('detail', 'text')
    .execute();
  await sql`create index appointment_history_appointment_idx on appointment_history (appointment_id, id desc)`.execute(db);
  // The replica learns whether each technician is active (tracking's snapshots say it from now on).
  await db.schema.alterTable('technicians').addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('technicians').dropColumn('active').execute();
  await db.schema.dropTable('appointment_history').execute();
  await db.schema.alterTable('appointments').dropColumn('confirmed_at').dropColumn('confirmed_by').dropColumn('cancel_reason').execute();
}
