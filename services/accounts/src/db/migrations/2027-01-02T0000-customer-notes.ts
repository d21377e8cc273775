import { sql, type Kysely } from 'kysely';

/**
 * Notes staff write on a customer's record (issue 27). The author's name and email are copied as they were when the
 * note was written, so a renamed or removed staff sign-in leaves the note's byline as it was read; the note goes with
 * its customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_notes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('author_staff_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('author_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('customer_notes_customer_idx').on('customer_notes').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_notes').execute();
}
