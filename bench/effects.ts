/**
 * `pnpm bench effects`: what durable cross-service effects cost, on PostgreSQL and on PGlite in the same run.
 * Per driver, a sender ("accounts") and a receiver ("booking", a Fastify app listening on a free port), each with its
 * own database of that driver:
 * - baseline: BENCH_EFFECTS (default 1000) small writes, one after another, each in its own transaction;
 * - the same writes, each also enqueuing one effect in its transaction, while the worker delivers them;
 * - end to end: from the first of those commits until the receiver has applied the last one, with the latency of each
 *   message from its commit to its apply; then checks that every message was applied exactly once.
 * The messages use accounts' real topic and schema (`demo-customer.seeded`: an id and an email), checked on both sides.
 * BENCH_EFFECTS_TIMEOUT_SECONDS bounds the whole run (it stops with an error instead of hanging); BENCH_EFFECTS_DRIVERS
 * (default postgres,pglite) picks the drivers.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { demoCustomerSeededEffect, demoCustomerSeededTopic } from '@repo/contracts';
import {
  baseEnvSchema,
  createEffects,
  createService,
  effectHandler,
  effectsReceiver,
  generateKeyPair,
  loadEnv,
} from '@repo/service-kit';
import { createDatabase, migrateServiceDatabase, type DatabaseConfig, type Migration } from '@repo/service-kit/db';
import { createTestDatabase } from '@repo/service-kit/testing';
import { percent, percentile, publish } from './report.ts';

type Driver = 'postgres' | 'pglite';

const count = Number(process.env.BENCH_EFFECTS ?? 1000);
if (!Number.isInteger(count) || count < 1) throw new Error(`BENCH_EFFECTS must be a positive integer (got "${process.env.BENCH_EFFECTS}")`);
const drivers = (process.env.BENCH_EFFECTS_DRIVERS ?? 'postgres,pglite').split(',').map((name) => name.trim()) as Driver[];
if (drivers.length === 0 || drivers.some((name) => name !== 'postgres' && name !== 'pglite')) {
  throw new Error(`BENCH_EFFECTS_DRIVERS must list postgres and/or pglite (got "${process.env.BENCH_EFFECTS_DRIVERS}")`);
}
const timeoutSeconds = Number(process.env.BENCH_EFFECTS_TIMEOUT_SECONDS ?? Math.max(300, Math.ceil(count * 0.3)));
if (!(timeoutSeconds > 0)) throw new Error(`BENCH_EFFECTS_TIMEOUT_SECONDS must be a positive number (got "${process.env.BENCH_EFFECTS_TIMEOUT_SECONDS}")`);
// Untimed first writes and effects, so prepared plans, pg-boss's first fetch and the HTTP keep-alive are in place.
const warmup = Math.min(50, Math.ceil(count / 10));
const topic = demoCustomerSeededTopic;
const senderKey = randomBytes(24).toString('hex');
const env = { JWT_PUBLIC_KEY: generateKeyPair().publicKey, LOG_LEVEL: 'warn' };
/** Nobody signs in during the benchmark: a session store that knows no session, instead of asking an accounts service. */
const noSessions = { activeSessions: async () => new Set<string>() };

/** Everything opened so far, closed in reverse order at the end (or when the hard timeout fires). */
const closers: { what: string; close: () => Promise<unknown> }[] = [];
const onClose = (what: string, close: () => Promise<unknown>) => closers.push({ what, close });

async function closeAll(): Promise<void> {
  while (closers.length > 0) {
    const { what, close } = closers.pop()!;
    await close().catch((err: unknown) => console.error(`effects benchmark: closing ${what} failed:`, err));
  }
}

/**
 * A database that is closed when the benchmark ends. pg-pool resolves its end() before the last sockets have closed,
 * so the test database's drop can still terminate one (57P01): reported only while the database is in use.
 */
async function openDatabase<DB>(config: DatabaseConfig, what: string) {
  let closing = false;
  const database = await createDatabase<DB>({
    ...config,
    onPoolError: (err) => {
      if (!closing) console.error(`effects benchmark: ${what}: idle pg client error:`, err);
    },
  });
  onClose(what, () => {
    closing = true;
    return database.close();
  });
  return database;
}

const poll = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Polls `check` until it returns true, failing with `describe()` once `timeoutMs` has passed. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, describe: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`effects benchmark: ${await describe()} after ${(timeoutMs / 1000).toFixed(0)} s`);
    await poll();
  }
}

// The sender's business table: one small row per write, ids given by the benchmark.
type SenderDb = { customers: { id: number; email: string } };
const senderMigrations: Record<string, Migration> = {
  '2026-11-26T0000-customers': {
    async up(db) {
      await db.schema
        .createTable('customers')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .execute();
    },
  },
};

// The receiver's change per message, next to the message ids it records (the kit's table).
type ReceiverDb = {
  linked_customers: { customer_id: number; email: string };
  received_effects: { message_id: string; topic: string; sender: string };
};
const receiverMigrations: Record<string, Migration> = {
  '2026-11-26T0000-linked-customers': {
    async up(db) {
      await db.schema
        .createTable('linked_customers')
        .addColumn('customer_id', 'integer', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .execute();
    },
  },
};

async function startReceiver(config: DatabaseConfig) {
  const receiverEnv = loadEnv('booking', baseEnvSchema(0), { ...env, TRUSTED_SERVICE_KEYS: `accounts=${senderKey}` });
  const database = await openDatabase<ReceiverDb>(config, 'the receiver database');
  await migrateServiceDatabase(database.db, receiverMigrations);
  const app = await createService({ name: 'booking', env: receiverEnv, ready: database.ping, sessions: noSessions });
  onClose('the receiver app', () => app.close());
  /** When each message's apply ran (performance.now()), and answers other than 200 (each one means a retry). */
  const appliedAt = new Map<string, number>();
  const refused = { count: 0 };
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/internal/') && reply.statusCode !== 200) refused.count += 1;
  });
  await app.register(effectsReceiver<ReceiverDb>, {
    service: 'booking',
    db: database.db,
    env: receiverEnv,
    handlers: {
      [topic]: effectHandler({
        from: ['accounts'],
        schema: demoCustomerSeededEffect,
        apply: async (trx, payload, meta) => {
          await trx.insertInto('linked_customers').values({ customer_id: payload.customerId, email: payload.email }).execute();
          appliedAt.set(meta.messageId, performance.now());
        },
      }),
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const tally = async () => {
    const row = await database.db
      .selectFrom('linked_customers')
      .select((eb) => [eb.fn.countAll<string>().as('rows'), eb.fn.count<string>('customer_id').distinct().as('customers')])
      .executeTakeFirstOrThrow();
    const ids = await database.db.selectFrom('received_effects').select((eb) => eb.fn.countAll<string>().as('ids')).executeTakeFirstOrThrow();
    return { rows: Number(row.rows), customers: Number(row.customers), messageIds: Number(ids.ids) };
  };
  const customerIds = async () => (await database.db.selectFrom('linked_customers').select('customer_id').execute()).map((row) => row.customer_id);
  return { url, appliedAt, refused, tally, customerIds };
}

async function startSender(config: DatabaseConfig, receiverUrl: string) {
  const senderEnv = loadEnv('accounts', baseEnvSchema(0), { ...env, SERVICE_KEY: senderKey, PEER_URLS: `booking=${receiverUrl}` });
  const database = await openDatabase<SenderDb>(config, 'the sender database');
  await migrateServiceDatabase(database.db, senderMigrations);
  // Production delivery settings (the defaults), so the figures are the ones a deployment gets.
  const effects = createEffects({
    service: 'accounts',
    database,
    env: senderEnv,
    outgoing: { [topic]: { to: 'booking', schema: demoCustomerSeededEffect } },
  });
  // Closed before its database: on PGlite pg-boss must stop before the instance goes away.
  const app = await createService({ name: 'accounts', env: senderEnv, ready: database.ping, sessions: noSessions });
  onClose('the sender app and its delivery worker', () => app.close());
  await app.register(effects.plugin);

  let nextId = 1;
  // Each write ends by letting the event loop turn, as one per request would in a service. On PGlite a statement
  // resolves without any I/O, so back-to-back writes would otherwise hold the loop and no delivery could run.
  return {
    /** Starts the delivery worker, as the app does when it is ready. */
    start: () => app.ready(),
    status: () => effects.status(),
    write: async (): Promise<void> => {
      const id = nextId++;
      await database.db.transaction().execute((trx) => trx.insertInto('customers').values({ id, email: `c${id}@example.com` }).execute());
      await nextTurn();
    },
    /** Returns the message id, the customer id and when the transaction committed. */
    writeWithEffect: async () => {
      const id = nextId++;
      const email = `c${id}@example.com`;
      const messageId = await database.db.transaction().execute(async (trx) => {
        await trx.insertInto('customers').values({ id, email }).execute();
        return effects.enqueue(trx, topic, { customerId: id, email });
      });
      const committedAt = performance.now();
      await nextTurn();
      return { messageId, customerId: id, committedAt };
    },
  };
}


type Result = {
  driver: Driver;
  baselinePerSecond: number;
  enqueuePerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  refused: number;
};

async function measure(driver: Driver): Promise<Result> {
  const senderStore = await createTestDatabase({ driver });
  onClose(`the sender's ${driver} test database`, () => senderStore.cleanup());
  const receiverStore = await createTestDatabase({ driver });
  onClose(`the receiver's ${driver} test database`, () => receiverStore.cleanup());
  const receiver = await startReceiver(receiverStore.config);
  const sender = await startSender(senderStore.config, receiver.url);

  for (let i = 0; i < warmup; i += 1) await sender.write();
  const baselineStart = performance.now();
  for (let i = 0; i < count; i += 1) await sender.write();
  const baselineMs = performance.now() - baselineStart;

  await sender.start();
  const applyTimeoutMs = 60_000 + count * 50;
  const sent: { messageId: string; customerId: number; committedAt: number }[] = [];
  for (let i = 0; i < warmup; i += 1) sent.push(await sender.writeWithEffect());
  await waitUntil(
    async () => (await receiver.tally()).rows >= warmup,
    applyTimeoutMs,
    async () => `${driver}: the receiver applied ${(await receiver.tally()).rows} of ${warmup} warm-up effects`,
  );

  const measured: typeof sent = [];
  const enqueueStart = performance.now();
  for (let i = 0; i < count; i += 1) measured.push(await sender.writeWithEffect());
  const enqueueMs = performance.now() - enqueueStart;
  sent.push(...measured);

  await waitUntil(
    async () => (await receiver.tally()).rows >= sent.length,
    applyTimeoutMs,
    async () => `${driver}: the receiver applied ${(await receiver.tally()).rows - warmup} of ${count} effects`,
  );
  // Once the sender has settled every message, nothing more can arrive: the counts below are final.
  await waitUntil(
    async () => {
      const status = await sender.status();
      return status.pending === 0 && status.failed === 0;
    },
    applyTimeoutMs,
    async () => {
      const status = await sender.status();
      return `${driver}: the sender still has ${status.pending} pending and ${status.failed} failed deliveries`;
    },
  );

  const tally = await receiver.tally();
  const expected = sent.length;
  const wrote = new Set(sent.map((message) => message.customerId));
  const linked = await receiver.customerIds();
  const problems = [
    tally.rows !== expected && `${tally.rows} rows applied for ${expected} messages`,
    tally.customers !== tally.rows && `${tally.rows - tally.customers} customers applied more than once`,
    tally.messageIds !== expected && `${tally.messageIds} message ids recorded for ${expected} messages`,
    linked.some((id) => !wrote.has(id)) && 'a customer applied that no committed write sent',
    measured.some((message) => !receiver.appliedAt.has(message.messageId)) && 'a message with no apply time',
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length > 0) throw new Error(`effects benchmark: ${driver}: not applied exactly once: ${problems.join('; ')}`);

  const latencies = measured.map((message) => receiver.appliedAt.get(message.messageId)! - message.committedAt).sort((a, b) => a - b);
  const lastApplied = Math.max(...measured.map((message) => receiver.appliedAt.get(message.messageId)!));
  await closeAll();
  return {
    driver,
    baselinePerSecond: (count / baselineMs) * 1000,
    enqueuePerSecond: (count / enqueueMs) * 1000,
    deliveredPerSecond: (count / (lastApplied - measured[0]!.committedAt)) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    refused: receiver.refused.count,
  };
}

const watchdog = setTimeout(() => {
  console.error(`\neffects benchmark: no result within ${timeoutSeconds} s (BENCH_EFFECTS_TIMEOUT_SECONDS); stopping.`);
  const closing = Promise.race([closeAll(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  void closing.finally(() => process.exit(1));
}, timeoutSeconds * 1000);

try {
  const results: Result[] = [];
  for (const driver of drivers) results.push(await measure(driver));

  const fixed = (value: number) => value.toFixed(0);
  const retried = results.filter((r) => r.refused > 0).map((r) => `${r.driver}: ${r.refused} deliveries refused and retried`);
  await publish({
    id: 'effects',
    title: 'Durable cross-service effects',
    description:
      `${count} writes per phase, one transaction each, sender and receiver on their own database. ` +
      `Every message applied exactly once on both drivers${retried.length > 0 ? ` (${retried.join(', ')})` : ''}.`,
    tables: [{
      columns: ['driver', 'baseline writes/s', 'writes + enqueue/s', 'vs baseline', 'delivered/s', 'p50 ms', 'p99 ms'],
      numeric: [false, true, true, true, true, true, true],
      rows: results.map((r) => [r.driver, fixed(r.baselinePerSecond), fixed(r.enqueuePerSecond), percent(r.enqueuePerSecond, r.baselinePerSecond), fixed(r.deliveredPerSecond), r.p50.toFixed(1), r.p99.toFixed(1)]),
    }],
    // Booking publishes on every appointment change, so a publishing write must stay close to a bare one.
    targets: results.map((r) => ({
      name: `${r.driver}: a write that publishes one event, vs a bare write`,
      measured: percent(r.enqueuePerSecond, r.baselinePerSecond),
      goal: '≥ 50 %',
      met: r.enqueuePerSecond >= r.baselinePerSecond * 0.5,
    })),
    figures: { count, results },
  });
} finally {
  clearTimeout(watchdog);
  await closeAll();
}
