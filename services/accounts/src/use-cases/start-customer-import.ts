import { importJobMessages, type ImportJob } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import { customerImportJob } from '../jobs/customer-import.ts';
import { findImportJob, insertImportJob, resumeImportJob, setImportPageJob } from '../repositories/import-job-repository.ts';
import { toImportJob } from '../repositories/mappers.ts';
import type { AccountsContext } from './context.ts';
import { askSystem, configuredConnector } from './field-service-connector.ts';
import { failStalledImport } from './import-jobs.ts';

/**
 * Starts importing every customer of the configured company in the background and answers the new job at once (the
 * page polls it). One job at a time: 409 while one runs. The company is asked first, so wrong credentials or an
 * unreachable system are answered now rather than as a job that fails at once. The job row and its first page job
 * are written in one transaction (src/jobs/customer-import.ts reads the pages), so an import never waits for a job
 * that was not sent.
 */
export async function startCustomerImport(ctx: AccountsContext, startedBy: string): Promise<ImportJob> {
  const connector = await configuredConnector(ctx);
  await failStalledImport(ctx);
  const company = await askSystem(ctx, 'staff', () => ctx.fieldService.accountName(connector));
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const job = await insertImportJob(trx, { system: ctx.fieldService.system, company, status: 'running', started_by: startedBy, started_at: ctx.now(), expected_total: null, error: null, finished_at: null });
      return setImportPageJob(trx, job.id, await ctx.jobs.send(trx, customerImportJob, { importId: job.id, page: 0 }));
    });
    return toImportJob(row, ctx.fieldService.system);
  } catch (err) {
    if (uniqueViolationConstraint(err) === 'import_jobs_one_running_key') throw conflict(importJobMessages.alreadyRunning);
    throw err;
  }
}

/**
 * Resume: a failed import carries on from the page it had reached (its saved position), on the connection in force
 * now, so a fixed setting or a system back up lets it finish without reading its saved pages again; customers are
 * keyed by system and id there, so nothing is added twice either way. The connection is asked first, as for a start.
 */
export async function resumeCustomerImport(ctx: AccountsContext, id: number): Promise<ImportJob> {
  await failStalledImport(ctx);
  const failed = await findImportJob(ctx.db, id);
  if (!failed) throw notFound(importJobMessages.jobNotFound);
  if (failed.status !== 'failed') throw conflict(importJobMessages.notResumable);
  if (failed.system !== ctx.fieldService.system) throw conflict(importJobMessages.otherSystem);
  const connector = await configuredConnector(ctx);
  await askSystem(ctx, 'staff', () => ctx.fieldService.accountName(connector));
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const pageJobId = await ctx.jobs.send(trx, customerImportJob, { importId: id, page: failed.pages_saved });
      // Resumed by someone else meanwhile: this page job is rolled back with the transaction.
      const resumed = await resumeImportJob(trx, id, pageJobId);
      if (!resumed) throw conflict(importJobMessages.notResumable);
      return resumed;
    });
    return toImportJob(row, ctx.fieldService.system);
  } catch (err) {
    if (uniqueViolationConstraint(err) === 'import_jobs_one_running_key') throw conflict(importJobMessages.alreadyRunning);
    throw err;
  }
}
