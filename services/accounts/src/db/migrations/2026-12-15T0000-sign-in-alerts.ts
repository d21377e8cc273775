import { sql, type Kysely } from 'kysely';

/**
 * When each account's owner was last emailed that someone keeps failing to sign in to it, so a long attack sends one
 * email a window rather than one a failure. One row per account (scope and normalised email, as `login_failures`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_alerts')
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('customer', 'staff')`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('sign_in_alerts_pkey', ['scope', 'email'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_alerts').execute();
}
