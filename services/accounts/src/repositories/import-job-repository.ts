import type { Insertable } from 'kysely';
import type { Db, ImportFailure, ImportJobRow, ImportJobsTable } from '../db/schema.ts';

/** Throws the unique violation `import_jobs_one_running_key` when a job is running already. */
export const insertImportJob = (db: Db, values: Insertable<ImportJobsTable>): Promise<ImportJobRow> =>
  db.insertInto('import_jobs').values(values).returningAll().executeTakeFirstOrThrow();

export const findImportJob = (db: Db, id: number) => db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const findLatestImportJob = (db: Db) => db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

export type ImportProgress = {
  fetched: number;
  created: number;
  updated: number;
  failed: number;
  failures: readonly ImportFailure[];
  expectedTotal: number | null;
};

/** Writes down a running job's counts; false when the job is no longer running (another process ended it). */
export async function recordImportProgress(db: Db, id: number, progress: ImportProgress, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({
      fetched: progress.fetched,
      created: progress.created,
      updated: progress.updated,
      failed: progress.failed,
      failures: JSON.stringify(progress.failures),
      expected_total: progress.expectedTotal,
      heartbeat_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A running job is still being worked on. */
export async function beatImportJob(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('import_jobs').set({ heartbeat_at: at }).where('id', '=', id).where('status', '=', 'running').execute();
}

/** Ends a running job (a job already ended stays as it was). */
export async function finishImportJob(db: Db, id: number, outcome: { status: 'succeeded' | 'failed'; error: string | null }, at: Date): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: outcome.status, error: outcome.error, finished_at: at, heartbeat_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Fails the running job whose heartbeat stopped before `silentSince` (its process is gone). */
export async function failSilentImportJobs(db: Db, silentSince: Date, error: string, at: Date): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', error, finished_at: at })
    .where('status', '=', 'running')
    .where('heartbeat_at', '<=', silentSince)
    .execute();
}
