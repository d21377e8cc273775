import { sql, type Kysely } from 'kysely';

/**
 * Customers' emailed sign-in links, kept as the password reset links are (2026-12-12T0000-password-resets): only the
 * sha256 of a token, good once, until it expires, and until a newer one is asked for (`replaced_at`). A table of its
 * own, so asking for one kind of link never ends an open link of the other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_links_customer_idx').on('sign_in_links').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_links').execute();
}
