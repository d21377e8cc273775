import { sql, type Kysely } from 'kysely';

/**
 * The code each customer was last texted to prove their phone: one row per customer (asking again replaces it), only
 * the sha256 of the code, the number it went to (a code proves that number, not whatever the account holds by the
 * time it is typed), until `expires_at`, and the wrong tries so far. Proving the phone removes the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('phone_codes')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (col) => col.notNull())
    .addColumn('phone_digits', 'text', (col) => col.notNull().check(sql`phone_digits ~ '^[0-9]{10}$'`))
    .addColumn('code_hash', 'text', (col) => col.notNull().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0).check(sql`tries >= 0`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_codes').execute();
}
