import type { Kysely } from 'kysely';

/** A technician can be deactivated: kept with their history, offered no new jobs, their sign-in refused. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('technicians').addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('technicians').dropColumn('active').execute();
}
