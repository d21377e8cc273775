import { sql, type Kysely } from 'kysely';

/**
 * Closures: a day the business is closed (no `open_slots`) or keeps reduced hours (the arrival windows that stay
 * open). One per day; availability, booking and every move read it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('closures')
    .addColumn('date', 'date', (col) => col.primaryKey())
    .addColumn('reason', 'text')
    .addColumn('open_slots', sql`text[]`)
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('closures').execute();
}
