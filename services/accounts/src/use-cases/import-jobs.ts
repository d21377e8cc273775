import { importJobMessages, type ImportJob } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { failSilentImportJobs, findImportJob, findLatestImportJob } from '../repositories/import-job-repository.ts';
import { toImportJob } from '../repositories/mappers.ts';
import type { AccountsContext } from './context.ts';

/** A running job writes its heartbeat this often, so one whose process is gone is told apart within `silentAfterMs`. */
export const heartbeatMs = 5_000;
export const silentAfterMs = 30_000;

/**
 * Ends as failed the running job whose process stopped (a crash, a killed container), which cannot say so itself.
 * A process that closes normally ends its own job; this catches the rest, at start-up and whenever jobs are read.
 * `silentForMs` is 0 at the start of a process that has the database to itself (PGlite): any job still running was
 * its own, before the restart.
 */
export async function failInterruptedImports(ctx: AccountsContext, silentForMs = silentAfterMs): Promise<void> {
  const now = ctx.now();
  await failSilentImportJobs(ctx.db, new Date(now.getTime() - silentForMs), importJobMessages.interrupted, now);
}

/** Null before the first import: nothing has gone wrong, so it is no error (as `GET /api/admin/session` for nobody). */
export async function getLatestImportJob(ctx: AccountsContext): Promise<ImportJob | null> {
  await failInterruptedImports(ctx);
  const row = await findLatestImportJob(ctx.db);
  return row ? toImportJob(row) : null;
}

export async function getImportJob(ctx: AccountsContext, id: number): Promise<ImportJob> {
  await failInterruptedImports(ctx);
  const row = await findImportJob(ctx.db, id);
  if (!row) throw notFound(importJobMessages.jobNotFound);
  return toImportJob(row);
}
