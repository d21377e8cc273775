import { sql, type Kysely } from 'kysely';

/**
 * Registrations waiting for their email to be proven: what the customer typed (the password already hashed) and the
 * sha256 of the emailed link's token, never the token. The account is created from the row when the link is opened;
 * a row is good once, until it expires, and until the same email registers again (`replaced_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_registrations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text')
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Registering again ends the email's earlier links; old ones are pruned per email.
  await db.schema.createIndex('pending_registrations_email_idx').on('pending_registrations').expression(sql`lower(email), created_at`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_registrations').execute();
}
