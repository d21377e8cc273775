import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { fromKysely, type Job, type JobResult, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { ServiceName } from '@repo/contracts';

/**
 * A job a service runs for itself later (a reminder, say), kept in its own database's queue until it comes due. Its
 * payload is checked against `schema` when it is scheduled and again when it runs.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType, DB = any> = {
  schema: S;
  /**
   * Whether the job no longer matters: the thing it was scheduled for has changed since (its version moved on). A
   * stale job is completed without running, so a reschedule that lost a race with its own job changes nothing.
   */
  isStale?: (db: Kysely<DB>, payload: z.output<S>) => Promise<boolean>;
  /**
   * Runs the job; throw to have it retried with backoff. `signal` fires when the attempt is abandoned (the service
   * stops and the grace is over, or pg-boss gave the job to another worker): stop the work, it will be retried.
   */
  run: (db: Kysely<DB>, payload: z.output<S>, meta: { jobId: string; attempt: number; signal: AbortSignal }) => Promise<void>;
  /** Attempts after the first before the job is given up (default 5). */
  retryLimit?: number;
  /**
   * pg-boss's heartbeat (at least 10 s): the worker refreshes a running job every half of it, and a job not refreshed
   * for this long (its process died) is failed and retried by the next supervisor pass on any replica, instead of
   * after pg-boss's 15-minute expiry. For long jobs that must resume soon after a crash.
   */
  heartbeatSeconds?: number;
  /**
   * Jobs one fetch takes at most (default 1), run together. Above 1 a full fetch is followed by the next at once, so a
   * backlog (many jobs come due in the same minute) drains without waiting for the next poll between jobs.
   */
  batchSize?: number;
  /** Workers fetching this job's queue in each process (default 1). */
  concurrency?: number;
};

export type JobDefinitions<DB = any> = Record<string, JobDefinition<any, DB>>;

/** Declares a job with its payload typed from its schema. */
export const jobDefinition = <S extends z.ZodType, DB = any>(definition: JobDefinition<S, DB>): JobDefinition<S, DB> => definition;

export const jobQueue = (service: ServiceName, name: string) => `jobs.${service}.${name}`;

export type ScheduledJobs<Jobs extends JobDefinitions> = {
  /** Schedules `name` to run at once, in the caller's transaction (as `sendAfter`, without a time). */
  send<N extends keyof Jobs & string>(trx: Transaction<any>, name: N, payload: z.input<Jobs[N]['schema']>): Promise<string>;
  /**
   * Schedules `name` to run at `at` (or at once if that has passed), in the caller's transaction: it exists after a
   * commit and never after a rollback. `at` may also be a number of seconds from now on the database's clock (for a
   * service whose own clock, `runtime.now`, is a test's). Returns the job's id, which `cancel` and `reschedule` take.
   */
  sendAfter<N extends keyof Jobs & string>(trx: Transaction<any>, name: N, payload: z.input<Jobs[N]['schema']>, at: Date | number): Promise<string>;
  /** Cancels a job that has not run yet, in the caller's transaction; false when it had already run, or never existed. */
  cancel<N extends keyof Jobs & string>(trx: Transaction<any>, name: N, id: string): Promise<boolean>;
  /**
   * Cancels job `id` and schedules its replacement in the caller's one transaction: either both happen or neither,
   * so a reminder is never doubled nor lost by a crash in between. Returns the new job's id.
   */
  reschedule<N extends keyof Jobs & string>(trx: Transaction<any>, name: N, id: string, payload: z.input<Jobs[N]['schema']>, at: Date | number): Promise<string>;
  /** Where a job stands (pg-boss's state and what it left: an error, or `{ dropped: 'stale' }`); undefined if unknown. */
  findJob<N extends keyof Jobs & string>(name: N, id: string): Promise<{ state: JobState; output: unknown } | undefined>;
};

type JobState = JobWithMetadata['state'];

const DEFAULT_JOB_RETRY_LIMIT = 5;

export function scheduledJobs<Jobs extends JobDefinitions>(service: ServiceName, definitions: Jobs, boss: () => PgBoss): ScheduledJobs<Jobs> {
  const checked = (name: string, payload: unknown) => {
    const definition = definitions[name];
    if (!definition) throw new Error(`jobs: ${service} has no job "${name}"`);
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) throw new Error(`jobs: payload for "${name}" does not match its schema: ${parsed.error.message}`);
    return parsed.data as object;
  };
  const scheduled = (id: string | null, name: string) => {
    if (!id) throw new Error(`jobs: pg-boss did not schedule "${name}"`);
    return id;
  };
  const jobs: ScheduledJobs<Jobs> = {
    async send(trx, name, payload) {
      return scheduled(await boss().send(jobQueue(service, name), checked(name, payload), { db: fromKysely(trx) }), name);
    },
    async sendAfter(trx, name, payload, at) {
      const queue = jobQueue(service, name);
      const options = { db: fromKysely(trx) };
      // pg-boss adds seconds to the database's now(); 0 or less means now.
      const id = typeof at === 'number'
        ? await boss().sendAfter(queue, checked(name, payload), options, Math.max(0, Math.round(at * 1000) / 1000))
        : await boss().sendAfter(queue, checked(name, payload), options, at);
      return scheduled(id, name);
    },
    async cancel(trx, name, id) {
      if (!definitions[name]) throw new Error(`jobs: ${service} has no job "${name}"`);
      // pg-boss answers { jobs, requested, affected }; its type declaration leaves the fields out.
      const result = (await boss().cancel(jobQueue(service, name), id, { db: fromKysely(trx) })) as { affected?: number };
      return (result.affected ?? 0) > 0;
    },
    async reschedule(trx, name, id, payload, at) {
      await jobs.cancel(trx, name, id);
      return jobs.sendAfter(trx, name, payload, at);
    },
    async findJob(name, id) {
      const [job] = await boss().findJobs(jobQueue(service, name), { id, limit: 1 });
      return job ? { state: job.state, output: job.output ?? null } : undefined;
    },
  };
  return jobs;
}

/** Creates each job's queue and its worker; a job that comes due runs once, across all replicas. */
export async function startJobWorkers<DB>(
  service: ServiceName,
  definitions: JobDefinitions<DB>,
  options: { boss: PgBoss; db: Kysely<DB>; log: FastifyBaseLogger; pollingIntervalSeconds: number; retentionSeconds: number },
): Promise<void> {
  const { boss, db, log } = options;
  for (const [name, definition] of Object.entries(definitions)) {
    const queue = jobQueue(service, name);
    const queueOptions = {
      retryLimit: definition.retryLimit ?? DEFAULT_JOB_RETRY_LIMIT,
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 300,
      retentionSeconds: options.retentionSeconds,
      ...(definition.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: definition.heartbeatSeconds }),
      // A job sent for now wakes a worker at once (the NOTIFY commits with the sender's transaction), not at the next poll.
      notify: true,
    };
    await boss.createQueue(queue, queueOptions);
    await boss.updateQueue(queue, queueOptions);
    await boss.work<object>(
      queue,
      {
        batchSize: definition.batchSize ?? 1,
        localConcurrency: definition.concurrency ?? 1,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds,
        perJobResults: true,
      },
      (due) => Promise.all(due.map((job) => runJob(name, definition, job))),
    );
  }

  async function runJob(name: string, definition: JobDefinition<any, DB>, job: Job<object>): Promise<JobResult> {
    const parsed = definition.schema.safeParse(job.data);
    if (!parsed.success) {
      log.error({ job: name, jobId: job.id, error: parsed.error.message }, 'job payload does not match its schema; it is dropped');
      return { id: job.id, status: 'failed', output: { message: 'payload does not match the schema' } };
    }
    try {
      if (definition.isStale && (await definition.isStale(db, parsed.data))) {
        log.info({ job: name, jobId: job.id }, 'stale job dropped');
        return { id: job.id, status: 'completed', output: { dropped: 'stale' } };
      }
      await definition.run(db, parsed.data, { jobId: job.id, attempt: job.retryCount + 1, signal: job.signal });
      return { id: job.id, status: 'completed' };
    } catch (err) {
      log.warn({ job: name, jobId: job.id, err }, 'job failed; it will be retried');
      return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
    }
  }
}
