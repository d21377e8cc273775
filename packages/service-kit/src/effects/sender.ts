import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fromKysely, type Job, type JobResult, type PgBoss } from 'pg-boss';
import type { z } from 'zod';
import { deliveriesPath, deliveryStatusSchema, type DeliveryStatus, type ServiceName } from '@repo/contracts';
import type { Database } from '../db/index.ts';
import { EnvError } from '../env.ts';
import { errorResponses } from '../error-responses.ts';
import type { EffectsEnv } from './env.ts';
import { createQueue, QUEUE_SCHEMA } from './queue.ts';
import { effectPath, signedDeliveryHeaders } from './signing.ts';

/** The effects a service sends, by topic: which peer receives it and the schema of its payload (from contracts). */
export type OutgoingEffects = Record<string, { to: ServiceName; schema: z.ZodType }>;

/**
 * Delivery timing. The defaults retry with exponential backoff (about 1 s, 2 s, 4 s … capped at 5 minutes) for about
 * a day before a message is marked failed, and a delivery whose sender died is retried within about 45 seconds.
 */
export type DeliveryTuning = {
  /** One HTTP attempt may take this long; must be shorter than `expireInSeconds`. */
  deliveryTimeoutMs: number;
  /** An attempt still active after this long (its sender crashed) is failed and retried by the next supervisor pass. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** A message never delivered is dropped after this long; must cover the whole retry horizon. */
  retentionSeconds: number;
  /** How often the supervisor expires crashed attempts (and refreshes pg-boss's statistics). */
  superviseIntervalSeconds: number;
  /** Backstop poll; new messages wake the worker at once through LISTEN/NOTIFY, retries come due by this poll. */
  pollingIntervalSeconds: number;
  batchSize: number;
  /** On shutdown, how long in-flight deliveries may finish before they are failed (and so retried later). */
  stopTimeoutMs: number;
};

export const defaultDeliveryTuning: DeliveryTuning = {
  deliveryTimeoutMs: 10_000,
  expireInSeconds: 30,
  retryLimit: 300,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 300,
  retentionSeconds: 7 * 24 * 60 * 60,
  superviseIntervalSeconds: 15,
  pollingIntervalSeconds: 5,
  batchSize: 10,
  stopTimeoutMs: 5_000,
};

export type EffectsOptions<Out extends OutgoingEffects> = {
  service: ServiceName;
  database: Database<any>;
  env: EffectsEnv;
  outgoing: Out;
  tuning?: Partial<DeliveryTuning>;
};

export type Effects<Out extends OutgoingEffects> = {
  /**
   * Writes the effect into the caller's transaction and returns its message id: it is delivered after a commit and
   * never after a rollback. Throws when the payload does not match the topic's schema (a bug in the caller).
   */
  enqueue<T extends keyof Out & string>(trx: Transaction<any>, topic: T, payload: z.input<Out[T]['schema']>): Promise<string>;
  /** Starts delivery when the app is ready, stops it when the app closes, and serves `GET /api/deliveries/<service>`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  start(logger: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<DeliveryStatus>;
};

type JobData = { topic: string; payload: unknown };

const RECENT_FAILURES = 10;
const MAX_ERROR_LENGTH = 300;

/**
 * The sending side of durable cross-service effects: a transactional outbox on pg-boss (in the service's own
 * database, on PostgreSQL and PGlite alike) and a worker that POSTs each message, signed with SERVICE_KEY, to the
 * peer's internal address from PEER_URLS, retrying until the peer accepts it. The receiver records the message id,
 * so a redelivery is harmless.
 */
export function createEffects<Out extends OutgoingEffects>(options: EffectsOptions<Out>): Effects<Out> {
  const { service, database, env, outgoing } = options;
  const tuning = { ...defaultDeliveryTuning, ...options.tuning };
  const { key, peers } = checkSenderEnv(service, env, outgoing);
  if (tuning.deliveryTimeoutMs >= tuning.expireInSeconds * 1000) {
    throw new Error('effects: deliveryTimeoutMs must be shorter than expireInSeconds');
  }
  const queueOf = (to: ServiceName) => `effects.${service}.${to}`;
  const queuePrefix = `effects.${service}.`;
  const db = database.db as Kysely<any>;

  let boss: PgBoss | undefined;
  let log: FastifyBaseLogger | undefined;

  async function deliver(to: ServiceName, job: Job<JobData>): Promise<JobResult> {
    const { topic, payload } = job.data;
    const body = JSON.stringify(payload);
    try {
      const response = await fetch(new URL(effectPath(topic), peers[to]), {
        method: 'POST',
        headers: signedDeliveryHeaders(service, key, { messageId: job.id, topic, body }),
        body,
        signal: AbortSignal.any([job.signal, AbortSignal.timeout(tuning.deliveryTimeoutMs)]),
      });
      const text = await response.text();
      if (response.ok) return { id: job.id, status: 'completed' };
      return failed(job, to, topic, `${to} answered ${response.status}: ${errorMessage(text)}`);
    } catch (err) {
      return failed(job, to, topic, describeNetworkError(err));
    }
  }

  function failed(job: Job<JobData>, to: ServiceName, topic: string, message: string): JobResult {
    log?.warn({ messageId: job.id, to, topic, attempt: job.retryCount + 1, error: message }, 'effect delivery failed; it will be retried');
    return { id: job.id, status: 'failed', output: { message: message.slice(0, MAX_ERROR_LENGTH) } };
  }

  const peersInUse = [...new Set(Object.values(outgoing).map((entry) => entry.to))];

  const effects: Effects<Out> = {
    async enqueue(trx, topic, payload) {
      const entry = outgoing[topic];
      if (!entry) throw new Error(`effects: ${service} has no outgoing topic "${topic}"`);
      const checked = entry.schema.safeParse(payload);
      if (!checked.success) throw new Error(`effects: payload for "${topic}" does not match its schema: ${checked.error.message}`);
      if (!boss) throw new Error('effects: not started yet (they start when the app is ready)');
      const messageId = randomUUID();
      const data: JobData = { topic, payload };
      await boss.send(queueOf(entry.to), data, { id: messageId, db: fromKysely(trx) });
      return messageId;
    },

    async start(logger) {
      if (boss) return;
      log = logger;
      const queue = createQueue(database, service, {
        superviseIntervalSeconds: tuning.superviseIntervalSeconds,
        monitorIntervalSeconds: tuning.superviseIntervalSeconds,
      });
      queue.on('error', (err) => logger.error({ err }, 'effects queue error'));
      queue.on('warning', (warning) => logger.warn({ warning }, 'effects queue warning'));
      await queue.start();
      const queueOptions = {
        retryLimit: tuning.retryLimit,
        retryDelay: tuning.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: tuning.retryDelayMaxSeconds,
        expireInSeconds: tuning.expireInSeconds,
        retentionSeconds: tuning.retentionSeconds,
      };
      for (const to of peersInUse) {
        await queue.createQueue(queueOf(to), { ...queueOptions, notify: true });
        // createQueue keeps an existing queue's settings, so apply the current ones on every start.
        await queue.updateQueue(queueOf(to), { ...queueOptions, notify: true });
        await queue.work<JobData>(
          queueOf(to),
          {
            batchSize: tuning.batchSize,
            // A full batch means more are waiting: fetch again at once instead of waiting for a NOTIFY or the poll.
            burstWhenBatchFull: true,
            pollingIntervalSeconds: tuning.pollingIntervalSeconds,
            notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
            perJobResults: true,
          },
          (jobs) => Promise.all(jobs.map((job) => deliver(to, job))),
        );
      }
      boss = queue;
    },

    async stop() {
      const queue = boss;
      boss = undefined;
      await queue?.stop({ graceful: true, timeout: tuning.stopTimeoutMs });
    },

    status: () => deliveryStatus(db, service, queuePrefix),

    plugin: fp(
      async (app: FastifyInstance) => {
        app.addHook('onReady', async () => effects.start(app.log));
        app.addHook('onClose', async () => effects.stop());
        deliveriesRoute(app, service, () => effects.status());
      },
      { name: `effects-${service}` },
    ),
  };
  return effects;
}

function checkSenderEnv(service: ServiceName, env: EffectsEnv, outgoing: OutgoingEffects) {
  const problems: string[] = [];
  if (!env.SERVICE_KEY) problems.push(`SERVICE_KEY is required (at least 32 characters): ${service} signs the effects it sends with it`);
  const peers: Partial<Record<ServiceName, string>> = env.PEER_URLS ?? {};
  for (const to of new Set(Object.values(outgoing).map((entry) => entry.to))) {
    if (!peers[to]) problems.push(`PEER_URLS must give ${to}'s internal address (e.g. ${to}=http://127.0.0.1:3003): ${service} sends it effects`);
  }
  if (problems.length > 0) throw new EnvError(service, problems);
  return { key: env.SERVICE_KEY!, peers: peers as Record<ServiceName, string> };
}

function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // Not our error shape (e.g. a proxy's page): show the start of it.
  }
  return body.slice(0, 120) || '(empty answer)';
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return 'no answer in time';
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause ? `${err.message}: ${cause}` : err.message;
}

type CountRow = { name: string; topic: string; state: string; count: number; oldest_seconds: number };
type FailureRow = { id: string; name: string; topic: string; state: string; retry_count: number; error: string; at: Date };

/** Reads pg-boss's job table directly: its own counts are cached for up to a minute, staff need the current ones. */
async function deliveryStatus(db: Kysely<any>, service: ServiceName, queuePrefix: string): Promise<DeliveryStatus> {
  const job = sql.table(`${QUEUE_SCHEMA}.job`);
  const peerOf = (name: string) => name.slice(queuePrefix.length) as ServiceName;
  const { rows: counts } = await sql<CountRow>`
    select name, data->>'topic' as topic, state::text as state, count(*)::int as count,
      floor(extract(epoch from now() - min(created_on)))::int as oldest_seconds
    from ${job}
    where starts_with(name, ${queuePrefix}) and state in ('created', 'retry', 'active', 'failed')
    group by name, data->>'topic', state
    order by name, topic`.execute(db);
  const { rows: failures } = await sql<FailureRow>`
    select id, name, data->>'topic' as topic, state::text as state, retry_count,
      coalesce(output->>'message', output->'value'->>'message', left(output::text, 300)) as error,
      coalesce(completed_on, started_on, created_on) as at
    from ${job}
    where starts_with(name, ${queuePrefix}) and output is not null
      and (state = 'failed' or (state = 'retry' and started_on is not null))
    order by at desc
    limit ${RECENT_FAILURES}`.execute(db);

  const routes = new Map<string, DeliveryStatus['routes'][number]>();
  for (const row of counts) {
    const routeKey = `${row.name}\n${row.topic}`;
    const route = routes.get(routeKey) ?? { to: peerOf(row.name), topic: row.topic, pending: 0, failed: 0, oldestPendingSeconds: null };
    if (row.state === 'failed') {
      route.failed += row.count;
    } else {
      route.pending += row.count;
      route.oldestPendingSeconds = Math.max(route.oldestPendingSeconds ?? 0, row.oldest_seconds);
    }
    routes.set(routeKey, route);
  }
  const list = [...routes.values()];
  const ages = list.map((route) => route.oldestPendingSeconds).filter((age): age is number => age !== null);
  return {
    service,
    pending: list.reduce((sum, route) => sum + route.pending, 0),
    failed: list.reduce((sum, route) => sum + route.failed, 0),
    oldestPendingSeconds: ages.length > 0 ? Math.max(...ages) : null,
    routes: list,
    recentFailures: failures.map((row) => ({
      messageId: row.id,
      to: peerOf(row.name),
      topic: row.topic,
      state: row.state === 'failed' ? 'failed' : 'retrying',
      attempts: row.retry_count + 1,
      error: row.error,
      at: new Date(row.at).toISOString(),
    })),
  };
}

/** `GET /api/deliveries/<service>` (staff, admin): what this service still owes its peers. */
function deliveriesRoute(app: FastifyInstance, service: ServiceName, status: () => Promise<DeliveryStatus>) {
  app.get(
    deliveriesPath(service),
    {
      onRequest: app.requireRole('staff', 'admin'),
      schema: {
        tags: ['deliveries'],
        summary: 'Effects this service still owes its peers: pending and failed counts and the latest failures',
        response: { 200: deliveryStatusSchema, ...errorResponses(401, 403) },
      },
    },
    status,
  );
}

/**
 * The deliveries route of a service that sends no effects (payments, today): always all clear, so the back office asks
 * every service the same way and a service that starts sending effects needs no change there.
 */
export const noDeliveries = (service: ServiceName) =>
  fp(
    async (app: FastifyInstance) => {
      deliveriesRoute(app, service, async () => ({ service, pending: 0, failed: 0, oldestPendingSeconds: null, routes: [], recentFailures: [] }));
    },
    { name: `no-effects-${service}` },
  );
