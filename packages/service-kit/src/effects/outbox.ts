import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fromKysely, type JobInsert, type PgBoss } from 'pg-boss';
import type { ServiceName } from '@repo/contracts';
import type { Database, Unlisten } from '../db/index.ts';
import { currentRequestId } from '../request-context.ts';
import { deliveryQueue, subscribersOf, type DeliveryJob, type OutgoingEffects } from './topics.ts';

/**
 * The publisher's outbox: a light row in the kit's `effect_outbox` table, written in the caller's transaction, and a
 * relay that moves committed rows in batches into one pg-boss queue per subscriber. Writing a pg-boss job per
 * publish inside the caller's transaction costs several statements and index updates on pg-boss's job table; one
 * insert here keeps a publishing write close to a bare one, and pg-boss's batch `insert` amortises the rest.
 */

/** The channel a commit with new outbox rows notifies, so the relay moves them at once. */
export const outboxChannel = (service: ServiceName) => `effect_outbox.${service}`;

type OutboxRow = { id: string; message_id: string; topic: string; payload: unknown; request_id: string | null };

/**
 * Writes one event into the caller's transaction and returns its message id, with the id of the request being
 * served, if any. The NOTIFY rides in the same statement: PostgreSQL sends it on commit and drops it on rollback, as
 * it does the row.
 */
export async function writeToOutbox(trx: Transaction<any>, service: ServiceName, topic: string, payload: unknown): Promise<string> {
  const messageId = randomUUID();
  await sql`
    with written as (
      insert into effect_outbox (service, message_id, topic, payload, request_id)
      values (${service}, ${messageId}, ${topic}, ${JSON.stringify(payload)}::jsonb, ${currentRequestId() ?? null})
    )
    select pg_notify(${outboxChannel(service)}, '')`.execute(trx);
  return messageId;
}

/** Outbox rows not yet moved to the subscribers' queues, per topic, with the age of the oldest. */
export async function outboxBacklog(db: Kysely<any>, service: ServiceName): Promise<{ topic: string; count: number; oldestSeconds: number }[]> {
  const { rows } = await sql<{ topic: string; count: number; oldest_seconds: number }>`
    select topic, count(*)::int as count, floor(extract(epoch from now() - min(created_at)))::int as oldest_seconds
    from effect_outbox where service = ${service} group by topic order by topic`.execute(db);
  return rows.map((row) => ({ topic: row.topic, count: row.count, oldestSeconds: row.oldest_seconds }));
}

/** The outbox rows of one message (there is at most one), for tests and status: it has not reached any queue yet. */
export async function inOutbox(db: Kysely<any>, service: ServiceName, messageId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from effect_outbox where service = ${service} and message_id = ${messageId}`.execute(db);
  return rows.length > 0;
}

export type RelayOptions = {
  service: ServiceName;
  database: Database<any>;
  outgoing: OutgoingEffects;
  boss: PgBoss;
  log: FastifyBaseLogger;
  batchSize: number;
  /** The shortest time between two passes woken by publishes. */
  intervalMs: number;
  /** Backstop: rows whose NOTIFY was missed (a relay that crashed mid-batch, a lost listening connection). */
  pollingIntervalSeconds: number;
};

export type Relay = { stop(): Promise<void>; drain(): Promise<void> };

/**
 * Moves committed outbox rows into the subscribers' queues: in one transaction per batch it takes the oldest rows
 * (SKIP LOCKED, so replicas share the work) and inserts one job per subscriber with the message id as the job id. A crash before the commit leaves the rows for the next pass; a job id that already exists
 * (pg-boss ignores it) cannot be moved twice. One pass runs at a time per process; a wake-up during a pass makes it
 * go round again.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { service, database, outgoing, boss, log, batchSize } = options;
  const db = database.db as Kysely<any>;
  const topics = Object.keys(outgoing);
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function moveBatch(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      // Taken and removed in one statement; the transaction's rollback (the insert below failing) puts them back.
      const { rows } = await sql<OutboxRow>`
        delete from effect_outbox where id in (
          select id from effect_outbox where service = ${service} and topic = any(${topics})
          order by id limit ${batchSize} for update skip locked)
        returning id, message_id, topic, payload, request_id`.execute(trx);
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      if (rows.length === 0) return 0;
      const jobsFor = new Map<ServiceName, JobInsert<DeliveryJob>[]>();
      for (const row of rows) {
        for (const to of subscribersOf(outgoing[row.topic]!)) {
          const data: DeliveryJob = { messageId: row.message_id, topic: row.topic, payload: row.payload, sequence: Number(row.id), ...(row.request_id ? { requestId: row.request_id } : {}) };
          const job: JobInsert<DeliveryJob> = { id: row.message_id, data };
          const jobs = jobsFor.get(to) ?? [];
          jobs.push(job);
          jobsFor.set(to, jobs);
        }
      }
      for (const [to, jobs] of jobsFor) await boss.insert(deliveryQueue(service, to), jobs, { db: fromKysely(trx) });
      return rows.length;
    });
  }

  async function pass(): Promise<void> {
    do {
      again = false;
      while (!stopped && (await moveBatch()) === batchSize);
    } while (again && !stopped);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err: unknown) => log.error({ err }, 'effects relay: moving outbox rows failed; the next pass retries them'))
      .finally(() => (running = undefined));
    return running;
  }

  // Passes start at most every `intervalMs`: a publish after a quiet spell moves at once, while under a stream of
  // publishes the rows of the commits in between move together, in one transaction and one delivery call, so the
  // relay and the delivery cost a few statements per batch, not per event.
  let waiting: NodeJS.Timeout | undefined;
  let lastPassAt = 0;
  function wake(): void {
    if (waiting || stopped) return;
    waiting = setTimeout(
      () => {
        waiting = undefined;
        lastPassAt = Date.now();
        void drain();
      },
      Math.max(0, lastPassAt + options.intervalMs - Date.now()),
    );
  }

  const unknown = await sql<{ topic: string }>`select distinct topic from effect_outbox where service = ${service} and not (topic = any(${topics}))`.execute(db);
  if (unknown.rows.length > 0) {
    log.error({ topics: unknown.rows.map((row) => row.topic) }, 'effects relay: the outbox holds topics this service no longer publishes; they stay there');
  }
  const unlisten: Unlisten = await database.listen(outboxChannel(service), wake);
  const timer = setInterval(() => void drain(), options.pollingIntervalSeconds * 1000);
  timer.unref();
  void drain();
  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(waiting);
      await unlisten();
      await running;
    },
  };
}
