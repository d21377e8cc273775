import { sql, type Kysely } from 'kysely';

/**
 * The customer import runs as a chain of durable jobs, one page each (src/jobs/customer-import.ts), instead of in the
 * memory of the process that started it, so it carries on after a restart or a crash. The job row keeps where the
 * import stands, written with each page's customers in one transaction: how many pages are saved, the system's
 * position of the next one, and the queue job that will read it. Nothing beats a heartbeat any more: pg-boss tells a
 * dead worker's job apart by its own. An import left running by a version before this one has no page job and ends
 * failed when it is next read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('import_jobs')
    .addColumn('pages_saved', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_position', 'text')
    .addColumn('page_job_id', 'text')
    .dropColumn('heartbeat_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('heartbeat_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`)).execute();
  await db.schema.alterTable('import_jobs').alterColumn('heartbeat_at', (col) => col.dropDefault()).dropColumn('pages_saved').dropColumn('next_position').dropColumn('page_job_id').execute();
}
