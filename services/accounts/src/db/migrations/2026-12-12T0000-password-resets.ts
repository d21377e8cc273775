import { sql, type Kysely } from 'kysely';

/**
 * Customers' password reset links. Only the sha256 of a link's token is kept: someone who reads this table cannot
 * use a link from it. A link is good once, until it expires, and until a newer one is asked for (`replaced_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Asking again ends the customer's earlier links; old ones are pruned per customer.
  await db.schema.createIndex('password_resets_customer_idx').on('password_resets').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
