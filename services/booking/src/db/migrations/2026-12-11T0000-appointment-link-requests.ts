import { sql, type Kysely } from 'kysely';

/**
 * "Find my appointment" requests, kept an hour to throttle each address silently: the address only as a SHA-256 hash
 * of its lower-cased form (nothing a visitor typed is stored readable). The index on `lower(email)` finds an address's
 * appointments without reading them all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointment_link_requests')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('email_hash', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('appointment_link_requests_email_idx').on('appointment_link_requests').columns(['email_hash', 'requested_at']).execute();
  await sql`create index appointments_lower_email_idx on appointments (lower(email), appointment_date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index appointments_lower_email_idx`.execute(db);
  await db.schema.dropTable('appointment_link_requests').execute();
}
