import type { Kysely } from 'kysely';

/**
 * What the back office shows while an import waits to try a page again: the system's failure in words, which
 * attempt failed and when. A page that fails for a passing reason (the system down or limiting) is retried by its
 * queue job a few times before the import ends failed; a saved page clears it. `resumed` counts Resume presses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('import_jobs')
    .addColumn('retry_error', 'text')
    .addColumn('retry_attempt', 'integer')
    .addColumn('retry_failed_at', 'timestamptz')
    .addColumn('resumed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_jobs').dropColumn('retry_error').dropColumn('retry_attempt').dropColumn('retry_failed_at').dropColumn('resumed').execute();
}
