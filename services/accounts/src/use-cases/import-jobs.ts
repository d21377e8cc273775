import { importJobMessages, recentImportJobsLimit, type ImportJob } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { customerImportJob } from '../jobs/customer-import.ts';
import { failStalledImportJob, findImportJob, findLatestImportJob, findRunningImportJob, listRecentImportJobs } from '../repositories/import-job-repository.ts';
import { toImportJob } from '../repositories/mappers.ts';
import type { AccountsContext } from './context.ts';

/** pg-boss states of a page job that will still run: waiting, waiting to be retried, or running. */
const pendingStates = new Set(['created', 'retry', 'active']);

/**
 * Ends as failed the running import whose chain of page jobs broke: pg-boss gave its page job up (the retries were
 * spent, say while the database was down, and the job could not say so itself), or it was started by a version that
 * ran imports in memory. An import whose page job waits or runs is left alone, whichever replica runs it, and one
 * interrupted by a restart has its page job retried: it carries on. Checked whenever jobs are read and before one starts.
 */
export async function failStalledImport(ctx: AccountsContext): Promise<void> {
  const running = await findRunningImportJob(ctx.db);
  if (!running) return;
  const pageJob = running.page_job_id === null ? undefined : await ctx.jobs.findJob(customerImportJob, running.page_job_id);
  if (pageJob && pendingStates.has(pageJob.state)) return;
  // Only if the chain has not moved on meanwhile (a page committed, naming the next job, while its job was read).
  await failStalledImportJob(ctx.db, running.id, running.page_job_id, importJobMessages.interrupted, ctx.now());
}

/** Null before the first import: nothing has gone wrong, so it is no error (as `GET /api/admin/session` for nobody). */
export async function getLatestImportJob(ctx: AccountsContext): Promise<ImportJob | null> {
  await failStalledImport(ctx);
  const row = await findLatestImportJob(ctx.db);
  return row ? toImportJob(row, ctx.fieldService.system) : null;
}

export async function getImportJob(ctx: AccountsContext, id: number): Promise<ImportJob> {
  await failStalledImport(ctx);
  const row = await findImportJob(ctx.db, id);
  if (!row) throw notFound(importJobMessages.jobNotFound);
  return toImportJob(row, ctx.fieldService.system);
}

/** The most recent imports, newest first: what the back office lists with their states. */
export async function listImportJobs(ctx: AccountsContext): Promise<ImportJob[]> {
  await failStalledImport(ctx);
  return (await listRecentImportJobs(ctx.db, recentImportJobsLimit)).map((row) => toImportJob(row, ctx.fieldService.system));
}
