import { sql, type Kysely } from 'kysely';

/**
 * The owner's numbers (issue #27) count bookings by when they were made: an index on `created_at` keeps that a range
 * scan whatever the table's size (visits are counted on `appointment_date`, which `appointments_date_idx` serves).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index appointments_created_at_idx on appointments (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index appointments_created_at_idx`.execute(db);
}
