import { sql, type Kysely } from 'kysely';

/**
 * Photos added in the booking wizard before there is an appointment: a draft is granted with a secret token (only its
 * SHA-256 is kept) and an upload address in quarantine. The booking that names it with its token turns it into one of
 * the new appointment's photos and removes the draft, in its transaction; a draft no booking claimed is swept, with its
 * file, after PHOTO_QUARANTINE_HOURS, as is a visit photo announced and never said uploaded (the partial index), by
 * a recurring job whose pending link `recurring_jobs` names (the kit's `recurringJob`; each service that runs one
 * creates the table in its own schema, as notifications did).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photo_drafts')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('rating-plate', 'problem')`))
    .addColumn('upload_key', 'text', (col) => col.notNull().unique())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('declared_bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('photo_drafts_created_idx').on('photo_drafts').column('created_at').execute();
  await db.schema
    .createTable('recurring_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('due_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('appointment_photos_uploading_idx').on('appointment_photos').column('created_at').where(sql.ref('state'), '=', 'uploading').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointment_photos_uploading_idx').execute();
  await db.schema.dropTable('recurring_jobs').execute();
  await db.schema.dropTable('photo_drafts').execute();
}
