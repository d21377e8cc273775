import type { Kysely } from 'kysely';

/**
 * Whether each tracking technician is active, from tracking's `technician.changed` (the newest version kept): a
 * deactivated technician's sign-in is refused. A technician tracking never spoke of counts as active.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('technician_states')
    .addColumn('technician_id', 'text', (col) => col.primaryKey())
    .addColumn('active', 'boolean', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('technician_states').execute();
}
