import { sql, type Kysely } from 'kysely';

/**
 * The same visit imported from two places (two field-service systems, or one and the pasted history) is one visit: the
 * first copy is the appointment, and each later copy is a row here naming that appointment and where the copy came
 * from (a system and its visit id, or the pasted history's content key), so importing it again is recognised and the
 * sources of a visit are known. Copies go with their appointment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointment_copies')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addColumn('source_system', 'text')
    .addColumn('external_id', 'text')
    .addColumn('import_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('appointment_copies_one_identity', sql`(source_system is not null and external_id is not null and import_key is null) or (source_system is null and external_id is null and import_key is not null)`)
    .execute();
  await db.schema.createIndex('appointment_copies_source').unique().on('appointment_copies').columns(['customer_id', 'source_system', 'external_id']).where(sql.ref('source_system'), 'is not', null).execute();
  await db.schema.createIndex('appointment_copies_content').unique().on('appointment_copies').columns(['customer_id', 'import_key']).where(sql.ref('import_key'), 'is not', null).execute();
  await db.schema.createIndex('appointment_copies_appointment').on('appointment_copies').column('appointment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_copies').execute();
}
