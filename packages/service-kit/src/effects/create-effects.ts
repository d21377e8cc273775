import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { DeliveryStatus, ServiceName } from '@repo/contracts';
import type { Database } from '../db/index.ts';
import { EnvError } from '../env.ts';
import { startDeliverers } from './deliverer.ts';
import type { EffectsEnv } from './env.ts';
import { jobQueue, scheduledJobs, startJobWorkers, type JobDefinitions, type ScheduledJobs } from './jobs.ts';
import { startRelay, writeToOutbox, type Relay } from './outbox.ts';
import { createQueue } from './queue.ts';
import { deliveriesRoute, deliveryStatus, type StatusSource } from './status.ts';
import { allSubscribers, deliveryQueue, subscribersOf, type OutgoingEffects } from './topics.ts';
import { defaultDeliveryTuning, type DeliveryTuning } from './tuning.ts';

export type EffectsOptions<Out extends OutgoingEffects, Jobs extends JobDefinitions<DB>, DB> = {
  service: ServiceName;
  database: Database<DB>;
  env: EffectsEnv;
  outgoing: Out;
  /** Delayed and cancellable jobs the service runs for itself, in the same queue database. */
  jobs?: Jobs;
  tuning?: Partial<DeliveryTuning>;
};

export type Effects<Out extends OutgoingEffects, Jobs extends JobDefinitions = Record<never, never>, DB = any> = ScheduledJobs<Jobs> & {
  /**
   * Publishes an event in the caller's transaction and returns its message id: every subscriber of the topic gets
   * it after a commit, none after a rollback. Throws when the payload does not match the topic's schema (a bug in
   * the caller).
   */
  enqueue<T extends keyof Out & string>(trx: Transaction<DB>, topic: T, payload: z.input<Out[T]['schema']>): Promise<string>;
  /** Starts delivery when the app is ready, stops it when the app closes, and serves `GET /api/deliveries/<service>`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  start(logger: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<DeliveryStatus>;
};

/** The running senders on each database, for the kit's test helpers (which get a service's database, not its effects). */
const sources = new WeakMap<object, StatusSource[]>();
export const statusSourcesOf = (database: Database<any>): StatusSource[] => sources.get(database) ?? [];

/**
 * Durable cross-service events and the service's own delayed jobs, on pg-boss in the service's own database (on
 * PostgreSQL and PGlite alike). A publish writes one row into the kit's outbox in the caller's transaction; the relay
 * (outbox.ts) moves committed rows into one queue per subscriber; a worker per subscriber (deliverer.ts) POSTs each
 * message, signed with SERVICE_KEY, to the subscriber's internal address from PEER_URLS until it is accepted; and
 * status.ts reads what is still owed. The receiver records the message id, so a redelivery is harmless.
 */
export function createEffects<Out extends OutgoingEffects, DB, Jobs extends JobDefinitions<DB> = Record<never, never>>(
  options: EffectsOptions<Out, Jobs, DB>,
): Effects<Out, Jobs, DB> {
  const { service, database, env } = options;
  const outgoing = withConfiguredSubscribers(service, options.outgoing, env);
  const definitions = (options.jobs ?? {}) as Jobs;
  const polling = env.EFFECTS_POLL_INTERVAL_SECONDS ? { pollingIntervalSeconds: env.EFFECTS_POLL_INTERVAL_SECONDS } : {};
  const tuning = { ...defaultDeliveryTuning, ...polling, ...options.tuning };
  const { key, peers } = checkSenderEnv(service, env, outgoing);
  if (tuning.deliveryTimeoutMs >= tuning.expireInSeconds * 1000) {
    throw new Error('effects: deliveryTimeoutMs must be shorter than expireInSeconds');
  }
  const db = database.db as Kysely<any>;
  const subscribers = allSubscribers(outgoing);

  let boss: PgBoss | undefined;
  let relay: Relay | undefined;
  const started = () => {
    if (!boss) throw new Error('effects: not started yet (they start when the app is ready)');
    return boss;
  };
  const source: StatusSource = { service, db, outgoing, boss: started };

  const effects: Effects<Out, Jobs, DB> = {
    ...scheduledJobs(service, definitions, started),

    async enqueue(trx, topic, payload) {
      const entry = outgoing[topic];
      if (!entry) throw new Error(`effects: ${service} has no outgoing topic "${topic}"`);
      const checked = entry.schema.safeParse(payload);
      if (!checked.success) throw new Error(`effects: payload for "${topic}" does not match its schema: ${checked.error.message}`);
      // Nobody subscribes (yet): there is nothing to deliver, so nothing is written.
      if (subscribersOf(entry).length === 0) return randomUUID();
      return writeToOutbox(trx as Transaction<any>, service, topic, payload);
    },

    async start(logger) {
      if (boss) return;
      const queue = createQueue(database, service, {
        superviseIntervalSeconds: tuning.superviseIntervalSeconds,
        monitorIntervalSeconds: tuning.superviseIntervalSeconds,
      });
      queue.on('error', (err) => logger.error({ err }, 'effects queue error'));
      queue.on('warning', (warning) => logger.warn({ warning }, 'effects queue warning'));
      await queue.start();
      await startDeliverers(subscribers, { service, key, peers, boss: queue, tuning, log: logger });
      await startJobWorkers(service, definitions, {
        boss: queue,
        db: database.db,
        log: logger,
        pollingIntervalSeconds: tuning.pollingIntervalSeconds,
        retentionSeconds: tuning.retentionSeconds,
      });
      // pg-boss looks a queue up on its first use and keeps it. On PGlite that lookup must not happen inside an app
      // transaction (the relay's, or a caller's sendAfter): it would wait for the session the transaction holds.
      for (const name of [...subscribers.map((to) => deliveryQueue(service, to)), ...Object.keys(definitions).map((name) => jobQueue(service, name))]) {
        await queue.findJobs(name, { limit: 1 });
      }
      boss = queue;
      relay = await startRelay({
        service,
        database,
        outgoing,
        boss: queue,
        log: logger,
        batchSize: tuning.relayBatchSize,
        intervalMs: tuning.relayIntervalMs,
        pollingIntervalSeconds: tuning.pollingIntervalSeconds,
      });
      sources.set(database, [...statusSourcesOf(database), source]);
    },

    async stop() {
      const queue = boss;
      sources.set(database, statusSourcesOf(database).filter((entry) => entry !== source));
      await relay?.stop();
      relay = undefined;
      // Jobs still running may send jobs (the next link of a chain) until the queue has stopped.
      await queue?.stop({ graceful: true, timeout: tuning.stopTimeoutMs });
      boss = undefined;
    },

    status: () => deliveryStatus(source),

    plugin: fp(
      async (app: FastifyInstance) => {
        app.addHook('onReady', async () => effects.start(app.log));
        app.addHook('onClose', async () => effects.stop());
        deliveriesRoute(app, service, () => effects.status());
        if (app.hasDecorator('metrics')) effectsMetrics(app, () => (boss ? effects.status() : undefined));
      },
      { name: `effects-${service}` },
    ),
  };
  return effects;
}

/**
 * What the service still owes its subscribers, read on scrape through the same status as /api/deliveries/<service>
 * (pg-boss's public API and the outbox; a large backlog is read up to its status limit): nothing before the queue has
 * started.
 */
function effectsMetrics(app: FastifyInstance, status: () => Promise<DeliveryStatus> | undefined): void {
  // A scrape collects its gauges at once: the three share one read of the status.
  let reading: Promise<DeliveryStatus | undefined> | undefined;
  const read = (pick: (current: DeliveryStatus) => number) => async () => {
    reading ??= Promise.resolve(status()).finally(() => (reading = undefined));
    const current = await reading;
    return current ? [{ value: pick(current) }] : [];
  };
  app.metrics.gaugeOnScrape({
    name: 'effects_pending',
    help: 'Effects not yet accepted by their subscriber: in the outbox, waiting or retrying in a queue, or in flight (one per subscriber).',
    read: read((current) => current.pending),
  });
  app.metrics.gaugeOnScrape({
    name: 'effects_oldest_pending_seconds',
    help: 'Age in seconds of the oldest effect not yet accepted by its subscriber (0 when none is pending).',
    read: read((current) => current.oldestPendingSeconds ?? 0),
  });
  app.metrics.gaugeOnScrape({
    name: 'effects_failed',
    help: 'Effects that exhausted their retries (dead letters), awaiting a person.',
    read: read((current) => current.failed),
  });
}

/** The topics with the subscribers EVENT_SUBSCRIBERS adds; a topic this service does not publish is a start-up error. */
function withConfiguredSubscribers<Out extends OutgoingEffects>(service: ServiceName, outgoing: Out, env: EffectsEnv): Out {
  const added = env.EVENT_SUBSCRIBERS ?? {};
  const unknown = Object.keys(added).filter((topic) => !outgoing[topic]);
  if (unknown.length > 0) {
    throw new EnvError(service, unknown.map((topic) => `EVENT_SUBSCRIBERS names "${topic}", which ${service} does not publish (it publishes ${Object.keys(outgoing).join(', ') || 'nothing'})`));
  }
  return Object.fromEntries(
    Object.entries(outgoing).map(([topic, entry]) => [topic, { ...entry, to: [...new Set([...subscribersOf(entry), ...(added[topic] ?? [])])] }]),
  ) as OutgoingEffects as Out;
}

function checkSenderEnv(service: ServiceName, env: EffectsEnv, outgoing: OutgoingEffects) {
  const problems: string[] = [];
  if (!env.SERVICE_KEY) problems.push(`SERVICE_KEY is required (at least 32 characters): ${service} signs the effects it sends with it`);
  const peers: Partial<Record<ServiceName, string>> = env.PEER_URLS ?? {};
  for (const to of allSubscribers(outgoing)) {
    if (!peers[to]) problems.push(`PEER_URLS must give ${to}'s internal address (e.g. ${to}=http://127.0.0.1:3003): ${service} sends it effects`);
  }
  if (problems.length > 0) throw new EnvError(service, problems);
  return { key: env.SERVICE_KEY!, peers: peers as Record<ServiceName, string> };
}
