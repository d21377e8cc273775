import type { Insertable } from 'kysely';
import type { Db, ImportFailure, ImportJobRow, ImportJobsTable } from '../db/schema.ts';

/** Throws the unique violation `import_jobs_one_running_key` when a job is running already. */
export const insertImportJob = (db: Db, values: Insertable<ImportJobsTable>): Promise<ImportJobRow> =>
  db.insertInto('import_jobs').values(values).returningAll().executeTakeFirstOrThrow();

export const findImportJob = (db: Db, id: number) => db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const findLatestImportJob = (db: Db) => db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

export const findRunningImportJob = (db: Db) => db.selectFrom('import_jobs').selectAll().where('status', '=', 'running').executeTakeFirst();

/** The job, locked until the caller's transaction ends, so two workers never write the same page. */
export const lockImportJob = (db: Db, id: number) => db.selectFrom('import_jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Names the queue job that reads the running job's next page. */
export const setImportPageJob = (db: Db, id: number, pageJobId: string): Promise<ImportJobRow> =>
  db.updateTable('import_jobs').set({ page_job_id: pageJobId }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export type ImportProgress = {
  fetched: number;
  created: number;
  updated: number;
  failed: number;
  failures: readonly ImportFailure[];
  expectedTotal: number | null;
};

/** Where a running job stands after a page: its counts, and the page to read next with the queue job that reads it. */
export type ImportPosition = { pagesSaved: number; nextPosition: string | null; pageJobId: string | null };

export async function recordImportPage(db: Db, id: number, progress: ImportProgress, position: ImportPosition): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({
      fetched: progress.fetched,
      created: progress.created,
      updated: progress.updated,
      failed: progress.failed,
      failures: JSON.stringify(progress.failures),
      expected_total: progress.expectedTotal,
      pages_saved: position.pagesSaved,
      next_position: position.nextPosition,
      page_job_id: position.pageJobId,
      retry_error: null,
      retry_attempt: null,
      retry_failed_at: null,
    })
    .where('id', '=', id)
    .execute();
}

/** Ends a running job (a job already ended stays as it was). */
export async function finishImportJob(db: Db, id: number, outcome: { status: 'succeeded' | 'failed'; error: string | null }, at: Date): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: outcome.status, error: outcome.error, finished_at: at, page_job_id: null, retry_error: null, retry_attempt: null, retry_failed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Fails the running job if its next page is still owed by `pageJobId` (or by none): a job whose chain moved on since
 * it was read is left alone.
 */
export async function failStalledImportJob(db: Db, id: number, pageJobId: string | null, error: string, at: Date): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', error, finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => (pageJobId === null ? eb('page_job_id', 'is', null) : eb('page_job_id', '=', pageJobId)))
    .execute();
}

/** Notes why the page owed (`pagesSaved`) failed and which attempt that was, while it waits to be tried again. */
export async function noteImportRetry(db: Db, id: number, pagesSaved: number, retry: { error: string; attempt: number; at: Date }): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ retry_error: retry.error, retry_attempt: retry.attempt, retry_failed_at: retry.at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('pages_saved', '=', pagesSaved)
    .execute();
}

/**
 * Sets a failed import running again from the page it had reached, its next page job named; undefined when it is not
 * failed (any more). Throws the unique violation `import_jobs_one_running_key` when another import runs.
 */
export async function resumeImportJob(db: Db, id: number, pageJobId: string): Promise<ImportJobRow | undefined> {
  return db
    .updateTable('import_jobs')
    .set((eb) => ({ status: 'running', error: null, finished_at: null, page_job_id: pageJobId, resumed: eb('resumed', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
}

/** The most recent imports, newest first. */
export const listRecentImportJobs = (db: Db, limit: number) => db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(limit).execute();

/** How many import jobs are in each status, for /metrics (read on scrape). */
export const countImportJobsByStatus = (db: Db) =>
  db.selectFrom('import_jobs').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('status').execute();
