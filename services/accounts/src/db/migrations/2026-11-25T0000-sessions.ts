import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('customer', 'staff')`))
    .addColumn('subject_id', 'integer', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('customer', 'staff', 'admin')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // A password change ends every other session of that account; old sessions are pruned by age.
  await db.schema.createIndex('sessions_subject_idx').on('sessions').columns(['kind', 'subject_id']).execute();
  await db.schema.createIndex('sessions_created_at_idx').on('sessions').column('created_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('customer', 'staff')`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_account_idx').on('login_failures').columns(['scope', 'email', 'failed_at']).execute();
  await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('sessions').execute();
}
