import { importJobMessages, type ImportJob } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { uniqueViolationConstraint } from '@repo/service-kit/db';
import { FieldServiceError, type CustomerPage, type FieldServiceConnector } from '@repo/field-service';
import type { ImportFailure } from '../db/schema.ts';
import { fieldServiceReason } from '../domain/field-service.ts';
import { checkImportedCustomer, type ImportedCustomer } from '../domain/imported-customer.ts';
import { linkCustomersToImported } from '../repositories/customer-repository.ts';
import { beatImportJob, finishImportJob, insertImportJob, recordImportProgress, type ImportProgress } from '../repositories/import-job-repository.ts';
import { toImportJob } from '../repositories/mappers.ts';
import { upsertImportedCustomers } from '../repositories/service-pro-customer-repository.ts';
import type { AccountsContext } from './context.ts';
import { askSystem, configuredConnector } from './field-service-connector.ts';
import { failInterruptedImports, heartbeatMs } from './import-jobs.ts';

type Progress = ImportProgress & { failures: ImportFailure[] };

/** Customers read and written per step: one request to the system, one statement to the database. */
export const importPageSize = 500;
/** The job keeps the reasons of this many failed customers (the count covers them all). */
const failuresKept = 20;

/**
 * Starts importing every customer of the configured company in the background and answers the new job at once (the
 * page polls it). One job at a time: 409 while one runs. The company is asked first, so wrong credentials or an
 * unreachable system are answered now rather than as a job that fails at once.
 */
export async function startCustomerImport(ctx: AccountsContext, startedBy: string): Promise<ImportJob> {
  const connector = configuredConnector(ctx);
  await failInterruptedImports(ctx);
  const company = await askSystem(ctx, 'staff', () => ctx.fieldService.accountName(connector));
  const now = ctx.now();
  let row;
  try {
    row = await insertImportJob(ctx.db, { system: ctx.fieldService.system, company, status: 'running', started_by: startedBy, started_at: now, heartbeat_at: now, expected_total: null, error: null, finished_at: null });
  } catch (err) {
    if (uniqueViolationConstraint(err) === 'import_jobs_one_running_key') throw conflict(importJobMessages.alreadyRunning);
    throw err;
  }
  const jobId = row.id;
  ctx.imports.start(`customer import ${jobId}`, (signal) => runCustomerImport(ctx, connector, jobId, signal));
  return toImportJob(row);
}

/**
 * Reads the system page by page (the next page is requested while this one is written, so at most two pages are in
 * memory), upserts each page in one statement and writes the counts in the same transaction, so the job never counts
 * a customer that was not saved. It ends succeeded; or failed with what was kept and what failed when the system or
 * the database fails midway, or when the service closes (the signal). Portal customers are linked to what was
 * imported either way.
 */
async function runCustomerImport(ctx: AccountsContext, connector: FieldServiceConnector, jobId: number, signal: AbortSignal): Promise<void> {
  const progress: Progress = { fetched: 0, created: 0, updated: 0, failed: 0, failures: [], expectedTotal: null };
  const heartbeat = setInterval(() => {
    beatImportJob(ctx.db, jobId, ctx.now()).catch((err: unknown) => ctx.imports.log.error({ err, jobId }, 'import heartbeat not written'));
  }, heartbeatMs);
  let outcome: { status: 'succeeded' | 'failed'; error: string | null } | null = null;
  try {
    outcome = await importEveryPage(ctx, connector, jobId, signal, progress);
  } catch (err) {
    if (!(err instanceof FieldServiceError) && !signal.aborted) ctx.imports.log.error({ err, jobId }, 'customer import failed');
    outcome = { status: 'failed', error: signal.aborted ? importJobMessages.interrupted : importFailureMessage(ctx, err, progress) };
  }
  try {
    // Linked before the job says it has ended, so whoever sees it ended sees the links too.
    await linkCustomersToImported(ctx.db, ctx.fieldService.system).catch((err: unknown) =>
      ctx.imports.log.error({ err, jobId }, 'portal customers not linked after the import'),
    );
    if (outcome) await finishImportJob(ctx.db, jobId, outcome, ctx.now());
  } finally {
    clearInterval(heartbeat);
  }
}

/** Every page to the end: succeeded, or null when another process ended the job meanwhile. Throws what stopped it. */
async function importEveryPage(ctx: AccountsContext, connector: FieldServiceConnector, jobId: number, signal: AbortSignal, progress: Progress) {
  let pending: Promise<CustomerPage> | null = connector.listCustomers(null, importPageSize, signal);
  while (pending) {
    const page: CustomerPage = await pending;
    pending = page.next === null ? null : connector.listCustomers(page.next, importPageSize, signal);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    pending?.catch(() => undefined);
    if (!(await saveCustomerPage(ctx, jobId, page, progress))) return null;
    if (signal.aborted) throw signal.reason;
  }
  return { status: 'succeeded' as const, error: null };
}

/** One page: valid customers upserted, invalid ones counted with their reason; false when the job was ended elsewhere. */
async function saveCustomerPage(ctx: AccountsContext, jobId: number, page: CustomerPage, progress: Progress): Promise<boolean> {
  const valid: ImportedCustomer[] = [];
  const failures: ImportFailure[] = [];
  for (const record of page.customers) {
    const checked = checkImportedCustomer(record);
    if (checked.ok) valid.push(checked.customer);
    else failures.push({ externalId: checked.externalId, message: checked.message });
  }
  const { stillMine, next } = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const { created, updated } = await upsertImportedCustomers(trx, ctx.fieldService.system, valid, now);
    const next: Progress = {
      fetched: progress.fetched + page.customers.length,
      created: progress.created + created,
      updated: progress.updated + updated,
      failed: progress.failed + failures.length,
      failures: [...progress.failures, ...failures].slice(0, failuresKept),
      expectedTotal: page.total ?? progress.expectedTotal,
    };
    return { stillMine: await recordImportProgress(trx, jobId, next, now), next };
  });
  // Counted only once committed, so a failure message never counts a page that was rolled back.
  Object.assign(progress, next);
  return stillMine;
}

/** Why the job stopped, what was kept and what to do, in words for the owner. */
function importFailureMessage(ctx: AccountsContext, err: unknown, progress: ImportProgress): string {
  const kept = `The ${progress.created + progress.updated} customers imported before are kept; run the import again to bring in the rest.`;
  const cause =
    err instanceof FieldServiceError
      ? `${ctx.fieldService.systemName} ${fieldServiceReason(err, ctx.fieldService)} (${err.message})`
      : 'The customers could not be saved (a database error)';
  return `${cause}, so the import stopped after reading ${progress.fetched} customers. ${kept}`;
}
