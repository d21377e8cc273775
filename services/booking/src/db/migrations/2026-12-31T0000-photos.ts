import { sql, type Kysely } from 'kysely';

/**
 * An appointment's photos. A row is made when a photo is announced (`uploading`: its upload address was given), moves
 * to `processing` once the file is in quarantine in the object store, and ends `ready` (re-encoded, metadata stripped,
 * kept under `stored_key`) or `rejected` (with the reason). Removed with its appointment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointment_photos')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('appointment_id', 'integer', (col) => col.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('rating-plate', 'problem', 'before', 'after', 'receipt')`))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('uploading').check(sql`state in ('uploading', 'processing', 'ready', 'rejected')`))
    .addColumn('upload_key', 'text', (col) => col.notNull().unique())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('declared_bytes', 'integer', (col) => col.notNull())
    .addColumn('stored_key', 'text')
    .addColumn('bytes', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('rejected_reason', 'text')
    .addColumn('taken_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addCheckConstraint('appointment_photos_ready_whole', sql`state <> 'ready' or (stored_key is not null and width is not null and height is not null and bytes is not null)`)
    .execute();
  await db.schema.createIndex('appointment_photos_appointment_idx').on('appointment_photos').columns(['appointment_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_photos').execute();
}
