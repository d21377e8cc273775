import { sql, type Kysely } from 'kysely';

/**
 * Customers' pending email changes, kept as the other emailed links are (2026-12-16T0000-sign-in-links): only the
 * sha256 of the token mailed to the new address, good once, until it expires and until a newer change is asked for
 * (`replaced_at`), with the address it would make the account's. A table of its own, so asking for a sign-in link or a
 * reset never ends an open email change, or the other way round.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('email_changes_customer_idx').on('email_changes').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
