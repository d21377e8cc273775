import type { Kysely } from 'kysely';

/**
 * The visit's messages (technician on the way, arrived) come from tracking, which knows neither the customer's
 * address nor the appointment's links: notifications keeps, per appointment, who to write to and the track link token
 * from the newest `appointment.changed` it heard (booking alone signs links).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointment_contacts')
    .addColumn('appointment_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('confirmation_code', 'text', (col) => col.notNull())
    .addColumn('track_token', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_contacts').execute();
}
