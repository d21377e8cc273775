import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { deliveriesPath, deliveryStatusSchema, type DeliveryFailure, type DeliveryStatus, type ServiceName } from '@repo/contracts';
import { errorResponses } from '../error-responses.ts';
import { inOutbox, outboxBacklog } from './outbox.ts';
import { allSubscribers, deadLetterQueue, deliveryQueue, subscribersOf, type DeliveryJob, type OutgoingEffects } from './topics.ts';

const RECENT_FAILURES = 10;
/** Jobs read per queue for the status; a backlog beyond it is shown as this many (staff see that it is large). */
const STATUS_LIMIT = 10_000;

export type StatusSource = { service: ServiceName; db: Kysely<any>; outgoing: OutgoingEffects; boss: () => PgBoss };

type JobState = JobWithMetadata['state'];
/** Where one message stands for one subscriber: still in the outbox, a pg-boss job state, or dead-lettered. */
export type DeliveryState = 'outbox' | JobState | 'dead';

const failureText = (output: unknown): string => {
  const value = output as { message?: unknown; value?: { message?: unknown } } | null;
  if (typeof value?.message === 'string') return value.message;
  if (typeof value?.value?.message === 'string') return value.value.message;
  return JSON.stringify(output ?? null).slice(0, 300);
};
const secondsSince = (date: Date) => Math.max(0, Math.floor((Date.now() - new Date(date).getTime()) / 1000));

/**
 * What a service still owes its subscribers, read through pg-boss's public API: the waiting and retrying jobs of
 * each subscriber's queue (`findJobs`, current), its dead letters (`findJobs` on the dead letter queue, current),
 * the attempts in flight (`getQueueStats`, refreshed by the supervisor), and the outbox rows the relay has not moved
 * yet (counted for every subscriber of their topic).
 */
export async function deliveryStatus(source: StatusSource): Promise<DeliveryStatus> {
  const { service, db, outgoing } = source;
  const boss = source.boss();
  const backlog = await outboxBacklog(db, service);
  const routes = new Map<string, DeliveryStatus['routes'][number]>();
  const route = (to: ServiceName, topic: string) => {
    const key = `${to}\n${topic}`;
    const found = routes.get(key) ?? { to, topic, pending: 0, failed: 0, oldestPendingSeconds: null };
    routes.set(key, found);
    return found;
  };
  const pendingFor = (entry: DeliveryStatus['routes'][number], count: number, ageSeconds: number) => {
    entry.pending += count;
    entry.oldestPendingSeconds = Math.max(entry.oldestPendingSeconds ?? 0, ageSeconds);
  };
  for (const row of backlog) {
    const entry = outgoing[row.topic];
    for (const to of entry ? subscribersOf(entry) : []) pendingFor(route(to, row.topic), row.count, row.oldestSeconds);
  }

  const failures: DeliveryFailure[] = [];
  let inFlight = 0;
  for (const to of allSubscribers(outgoing)) {
    const waiting = await boss.findJobs<DeliveryJob>(deliveryQueue(service, to), { queued: true, limit: STATUS_LIMIT });
    for (const job of waiting) {
      pendingFor(route(to, job.data.topic), 1, secondsSince(job.createdOn));
      if (job.state === 'retry' && job.output) {
        failures.push({
          messageId: job.data.messageId,
          to,
          topic: job.data.topic,
          state: 'retrying',
          attempts: job.retryCount + 1,
          error: failureText(job.output),
          at: new Date(job.completedOn ?? job.startedOn ?? job.createdOn).toISOString(),
        });
      }
    }
    const dead = await boss.findJobs<DeliveryJob>(deadLetterQueue(service, to), { queued: true, limit: STATUS_LIMIT });
    for (const job of dead) {
      route(to, job.data.topic).failed += 1;
      failures.push({
        messageId: job.data.messageId,
        to,
        topic: job.data.topic,
        state: 'failed',
        attempts: (job.sourceRetryCount ?? 0) + 1,
        error: failureText(job.sourceOutput),
        at: new Date(job.createdOn).toISOString(),
      });
    }
    const [stats] = await boss.getQueueStats(deliveryQueue(service, to));
    inFlight += stats?.activeCount ?? 0;
  }

  const list = [...routes.values()].sort((a, b) => a.to.localeCompare(b.to) || a.topic.localeCompare(b.topic));
  const ages = list.map((entry) => entry.oldestPendingSeconds).filter((age): age is number => age !== null);
  return {
    service,
    pending: list.reduce((sum, entry) => sum + entry.pending, 0) + inFlight,
    inFlight,
    failed: list.reduce((sum, entry) => sum + entry.failed, 0),
    oldestPendingSeconds: ages.length > 0 ? Math.max(...ages) : null,
    routes: list,
    recentFailures: failures.sort((a, b) => b.at.localeCompare(a.at)).slice(0, RECENT_FAILURES),
  };
}

/** Where one published message stands with each subscriber of its topic (empty when no such message exists). */
export async function deliveryStates(source: StatusSource, messageId: string): Promise<Partial<Record<ServiceName, DeliveryState>>> {
  const { service, db, outgoing } = source;
  const boss = source.boss();
  const subscribers = allSubscribers(outgoing);
  if (await inOutbox(db, service, messageId)) {
    // Not moved yet: every subscriber of its topic will get it (the topic is in the row, but every one waits alike).
    return Object.fromEntries(subscribers.map((to) => [to, 'outbox']));
  }
  const states: Partial<Record<ServiceName, DeliveryState>> = {};
  for (const to of subscribers) {
    const [dead] = await boss.findJobs(deadLetterQueue(service, to), { data: { messageId }, limit: 1 });
    const [job] = await boss.findJobs(deliveryQueue(service, to), { id: messageId, limit: 1 });
    if (dead) states[to] = 'dead';
    else if (job) states[to] = job.state;
  }
  return states;
}

/** Every payload published on `topic` that is still kept (in the outbox or a subscriber's queue, delivered or not), in publish order. */
export async function publishedPayloads(source: StatusSource, topic: string): Promise<unknown[]> {
  const { service, db, outgoing } = source;
  const boss = source.boss();
  const entry = outgoing[topic];
  if (!entry) throw new Error(`effects: ${service} publishes no topic "${topic}"`);
  const byMessage = new Map<string, { sequence: number; payload: unknown }>();
  // The outbox first: a row the relay moves meanwhile is then found in the queues (the same message id, kept once).
  const rows = await db
    .selectFrom('effect_outbox')
    .select(['id', 'message_id', 'payload'])
    .where('service', '=', service)
    .where('topic', '=', topic)
    .orderBy('id')
    .execute();
  for (const row of rows) byMessage.set(row.message_id, { sequence: Number(row.id), payload: row.payload });
  for (const to of subscribersOf(entry)) {
    for (const job of await boss.findJobs<DeliveryJob>(deliveryQueue(service, to), { data: { topic }, limit: 100_000 })) {
      byMessage.set(job.data.messageId, { sequence: job.data.sequence, payload: job.data.payload });
    }
  }
  return [...byMessage.values()].sort((a, b) => a.sequence - b.sequence).map((entry) => entry.payload);
}

/** `GET /api/deliveries/<service>` (staff, admin): what this service still owes its subscribers. */
export function deliveriesRoute(app: FastifyInstance, service: ServiceName, status: () => Promise<DeliveryStatus>): void {
  app.get(
    deliveriesPath(service),
    {
      onRequest: app.requireRole('staff', 'admin'),
      schema: {
        tags: ['deliveries'],
        summary: 'Effects this service still owes its subscribers: pending and failed counts and the latest failures',
        response: { 200: deliveryStatusSchema, ...errorResponses(401, 403) },
      },
    },
    status,
  );
}
