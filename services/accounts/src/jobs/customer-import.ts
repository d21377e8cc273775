import { z } from 'zod';
import type { Kysely } from 'kysely';
import { jobDefinition, type JobDefinition, type ScheduledJobs } from '@repo/service-kit';
import { FieldServiceError, type CustomerPage } from '@repo/field-service';
import type { AccountsDatabase, ImportFailure, ImportJobRow } from '../db/schema.ts';
import { fieldServiceReason, missingSettingsAdvice, systemNameOf, type FieldServiceAccess } from '../domain/field-service.ts';
import { checkImportedCustomer, type ImportedCustomer } from '../domain/imported-customer.ts';
import { linkCustomersToImported } from '../repositories/customer-repository.ts';
import { findImportJob, finishImportJob, lockImportJob, noteImportRetry, recordImportPage, type ImportProgress } from '../repositories/import-job-repository.ts';
import { importPageAttempts, passingFailure } from '../domain/import-retries.ts';
import { upsertImportedCustomers } from '../repositories/service-pro-customer-repository.ts';

/**
 * The customer import, one page per job: a page job reads one page of the system at the position its import job row
 * saved, and in one transaction upserts its customers, adds its counts, saves the next page's position and sends the
 * job for it (or ends the import after the last page). So a crash or a deploy loses at most the page being read,
 * never one already saved, and whoever runs the next job starts where the last commit left off.
 *
 * Why a chain of one-page jobs rather than one long job: either way a job whose process died waits until pg-boss
 * fails it, which the job's heartbeat (10 s, pg-boss's least) and the supervisor's pass (every 15 s) make about 15 to
 * 30 seconds, on this replica or another, instead of pg-boss's 15-minute expiry. But a page job's position commits
 * with its page and with its successor, so a retried or redelivered job never has to work out where a long one had
 * got to, and a deploy's graceful stop waits for one page rather than for the whole import.
 */
export const customerImportJob = 'customer-import-page';

export const customerImportPageSchema = z.object({
  importId: z.number().int().positive(),
  /** The page this job reads, from 0: the import row's `pages_saved` while it is the page owed. */
  page: z.number().int().min(0),
});
type CustomerImportPage = z.output<typeof customerImportPageSchema>;

/** The part of accounts' context the page job works with (the database is the job's own). */
export type CustomerImportContext = {
  now: () => Date;
  fieldService: FieldServiceAccess;
  jobs: Pick<ScheduledJobs<{ [customerImportJob]: JobDefinition<typeof customerImportPageSchema> }>, 'send'>;
};

/** Customers read and written per step: one request to the system, one statement to the database. */
const importPageSize = 500;
/** The job keeps the reasons of this many failed customers (the count covers them all). */
const failuresKept = 20;
/** A page that fails for another reason than the system (the database) is tried this many times more. */
const retryLimit = 5;

/** The page job; it reads the service's context when it runs (the context is built after the job definitions). */
export const customerImportPageJob = (context: () => CustomerImportContext) =>
  jobDefinition<typeof customerImportPageSchema, AccountsDatabase>({
    schema: customerImportPageSchema,
    retryLimit,
    heartbeatSeconds: 10,
    run: (db, payload, meta) => importCustomerPage(context(), db, payload, meta),
  });

const owedPage = (row: ImportJobRow | undefined, { page }: CustomerImportPage) => (row?.status === 'running' && row.pages_saved === page ? row : undefined);

type Outcome = { status: 'succeeded' | 'failed'; error: string | null };

/**
 * Reads and saves one page. A system failure that may pass (down, slow, limiting) is noted and thrown for pg-boss to
 * try the page again (domain/import-retries.ts); one that needs a person, or the last attempt's, ends the import as
 * failed with what was kept (Resume carries on from the page owed); anything else is thrown for pg-boss to retry, with backoff, and ends the import once the retries are
 * spent. An abandoned attempt (the service stops, or pg-boss took the job back) is thrown too: the page is read again.
 */
async function importCustomerPage(ctx: CustomerImportContext, db: Kysely<AccountsDatabase>, payload: CustomerImportPage, meta: { attempt: number; signal: AbortSignal }) {
  // A redelivered job (its process died after the commit, before pg-boss heard it was done) reads nothing again.
  const job = owedPage(await findImportJob(db, payload.importId), payload);
  if (!job) return;
  const { system } = ctx.fieldService;
  // The settings in force now: a save in the back office while the import runs is used from the next page.
  const { connector, missing } = await ctx.fieldService.current();
  if (!connector || job.system !== system) return endImport(ctx, db, job, { status: 'failed', error: stoppedMessage(job, abandonedCause(ctx, job, missing)) });
  try {
    const page = await connector.listCustomers(job.next_position, importPageSize, meta.signal);
    await savePage(ctx, db, payload, page);
  } catch (err) {
    if (meta.signal.aborted) throw err;
    if (err instanceof FieldServiceError) {
      const reason = `${ctx.fieldService.systemName} ${fieldServiceReason(err, ctx.fieldService)} (${err.message})`;
      if (passingFailure(err) && meta.attempt < importPageAttempts) {
        // Shown while the page waits; pg-boss tries it again after its backoff.
        await noteImportRetry(db, job.id, payload.page, { error: reason, attempt: meta.attempt, at: ctx.now() });
        throw err;
      }
      return endImport(ctx, db, job, { status: 'failed', error: stoppedMessage(job, reason) });
    }
    if (meta.attempt <= retryLimit) throw err;
    return endImport(ctx, db, job, { status: 'failed', error: stoppedMessage(job, 'The customers could not be saved (a database error)') });
  }
}

/** One page: valid customers upserted, invalid ones counted with their reason, and the next page's job sent. */
async function savePage(ctx: CustomerImportContext, db: Kysely<AccountsDatabase>, payload: CustomerImportPage, page: CustomerPage): Promise<void> {
  const valid: ImportedCustomer[] = [];
  const failures: ImportFailure[] = [];
  for (const record of page.customers) {
    const checked = checkImportedCustomer(record);
    if (checked.ok) valid.push(checked.customer);
    else failures.push({ externalId: checked.externalId, message: checked.message });
  }
  await db.transaction().execute(async (trx) => {
    // Another worker saved this page meanwhile (pg-boss gave it the job while this one was slow): keep its write.
    const job = owedPage(await lockImportJob(trx, payload.importId), payload);
    if (!job) return;
    const now = ctx.now();
    const { created, updated } = await upsertImportedCustomers(trx, job.system, valid, now);
    const progress: ImportProgress = {
      fetched: job.fetched + page.customers.length,
      created: job.created + created,
      updated: job.updated + updated,
      failed: job.failed + failures.length,
      failures: [...job.failures, ...failures].slice(0, failuresKept),
      expectedTotal: page.total ?? job.expected_total,
    };
    const pagesSaved = payload.page + 1;
    const pageJobId = page.next === null ? null : await ctx.jobs.send(trx, customerImportJob, { importId: job.id, page: pagesSaved });
    await recordImportPage(trx, job.id, progress, { pagesSaved, nextPosition: page.next, pageJobId });
    if (page.next === null) await endImportIn(trx, job, { status: 'succeeded', error: null }, now);
  });
}

/** Ends the import; portal customers are linked to what was imported either way. */
const endImport = (ctx: CustomerImportContext, db: Kysely<AccountsDatabase>, job: ImportJobRow, outcome: Outcome) =>
  db.transaction().execute((trx) => endImportIn(trx, job, outcome, ctx.now()));

async function endImportIn(trx: Kysely<AccountsDatabase>, job: ImportJobRow, outcome: Outcome, at: Date): Promise<void> {
  // Linked in the same transaction as the end, so whoever sees it ended sees the links too.
  await linkCustomersToImported(trx, job.system);
  await finishImportJob(trx, job.id, outcome, at);
}

/** Why a page cannot be read at all any more: the connection it was reading through is gone. */
function abandonedCause(ctx: CustomerImportContext, job: ImportJobRow, missing: readonly string[]): string {
  const { system, systemName } = ctx.fieldService;
  if (job.system !== system) return `Accounts now imports from ${systemName} rather than ${systemNameOf(job.system)}`;
  return `The ${systemName} connection is no longer configured (${missingSettingsAdvice(ctx.fieldService, missing)})`;
}

/** Why the import stopped, what was kept and what to do, in words for the owner. */
function stoppedMessage(job: ImportJobRow, cause: string): string {
  return `${cause}, so the import stopped after reading ${job.fetched} customers. The ${job.created + job.updated} customers imported before are kept; resume it to carry on from there, or run the import again.`;
}
