import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Generated, Kysely, Migration } from 'kysely';
import { z } from 'zod';
import { createService, type ServiceApp } from '../../src/create-service.ts';
import { createDatabase, migrateServiceDatabase, type Database, type DatabaseConfig } from '../../src/db/index.ts';
import { createEffects, effectHandler, effectsReceiver, type DeliveryTuning, type Effects } from '../../src/effects/index.ts';
import { baseEnvSchema, loadEnv } from '../../src/env.ts';
import { MemorySessionStore } from '../../src/sessions/memory-store.ts';
import { testKeyEnv } from '../../src/test-service.ts';
import { createTestDatabase, deliveryStates, freePort } from '../../src/testing/index.ts';
import { waitFor as pollUntil } from '../../src/testing/index.ts';

/** Keys as the services would have them: each sender's own, which the receiver trusts. */
export const keys = { booking: 'booking-service-key-0123456789-abcdefgh', accounts: 'accounts-service-key-0123456789-abcdefg' };
/** The senders' sessions: staff read their delivery status with a session opened here (no accounts runs in these tests). */
export const testSessions = new MemorySessionStore();

export const assignedSchema = z.object({
  appointmentId: z.number().int().positive(),
  technician: z.string().min(1, 'Technician is required'),
});
export const registeredSchema = z.object({ customerId: z.number().int() });

/** Fast timings so retries, expiry of a dead sender's attempt and polling all happen within a test. */
export const testTuning: Partial<DeliveryTuning> = {
  deliveryTimeoutMs: 2_000,
  expireInSeconds: 3,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  superviseIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
  stopTimeoutMs: 1_000,
};

export type Driver = 'postgres' | 'pglite';
export type TestDb = { config: DatabaseConfig; cleanup(): Promise<void> };

/**
 * An empty database on the given driver, whatever TEST_DB says (this suite proves both). `memory` keeps a PGlite
 * in memory: a fresh data directory costs PGlite an initdb, which takes many seconds on a busy machine.
 */
export async function openTestDb(driver: Driver, options: { memory?: boolean } = {}): Promise<TestDb> {
  if (driver === 'pglite' && options.memory) return { config: {}, cleanup: async () => undefined };
  if (driver === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'effects-test-'));
    return { config: { dataDir: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }
  return createTestDatabase({ driver: 'postgres' });
}

// ---- the sending side: "booking" assigns appointments and tells tracking ----

type SenderDb = { assignments: { id: Generated<number>; appointment_id: number; technician: string } };

const senderMigrations: Record<string, Migration> = {
  '2026-11-25T0000-assignments': {
    async up(db) {
      await db.schema
        .createTable('assignments')
        .addColumn('id', 'serial', (column) => column.primaryKey())
        .addColumn('appointment_id', 'integer', (column) => column.notNull())
        .addColumn('technician', 'text', (column) => column.notNull())
        .execute();
    },
  },
};

export const senderOutgoing = {
  'appointment.assigned': { to: 'tracking', schema: assignedSchema },
  'payment.recorded': { to: 'payments', schema: z.object({ paymentId: z.number().int() }) },
} as const;

export type Sender = {
  app: ServiceApp;
  database: Database<SenderDb>;
  effects: Effects<typeof senderOutgoing>;
  /** A use case: records the assignment and, in the same transaction, the effect for tracking. */
  assign(appointmentId: number, technician: string, options?: { rollback?: boolean }): Promise<string>;
  close(): Promise<void>;
};

export type SenderOptions = {
  tuning?: Partial<DeliveryTuning>;
  /** More environment, e.g. EVENT_SUBSCRIBERS. */
  env?: Record<string, string>;
  /** Another service sending from the same database (its own queues), which it leaves open on close. */
  as?: { service: 'accounts'; database: Database<SenderDb> };
};

export async function startSender(
  config: DatabaseConfig,
  peers: { tracking: string; payments?: string },
  options: SenderOptions = {},
): Promise<Sender> {
  const service = options.as?.service ?? 'booking';
  const env = loadEnv(service, baseEnvSchema(0), {
    ...testKeyEnv,
    LOG_LEVEL: 'silent',
    SERVICE_KEY: keys[service],
    PEER_URLS: `tracking=${peers.tracking},payments=${peers.payments ?? peers.tracking}`,
    ...options.env,
  });
  const database = options.as?.database ?? (await createDatabase<SenderDb>(config));
  await migrateServiceDatabase(database.db, senderMigrations);
  const effects = createEffects({ service, database, env, outgoing: senderOutgoing, tuning: options.tuning ?? testTuning });
  const app = await createService({ name: service, env, ready: database.ping, sessions: testSessions });
  await app.register(effects.plugin);
  const assign: Sender['assign'] = (appointmentId, technician, options = {}) =>
    database.db.transaction().execute(async (trx) => {
      await trx.insertInto('assignments').values({ appointment_id: appointmentId, technician }).execute();
      const messageId = await effects.enqueue(trx, 'appointment.assigned', { appointmentId, technician });
      if (options.rollback) throw new RolledBack(messageId);
      return messageId;
    });
  // The same assignment made by a request, as a service's route would.
  app.post('/assignments', async (request) => {
    const { appointmentId, technician } = assignedSchema.parse(request.body);
    return { messageId: await assign(appointmentId, technician) };
  });
  await app.ready();
  return {
    app,
    database,
    effects,
    assign,
    close: async () => {
      await app.close();
      if (!options.as) await database.close();
    },
  };
}

export class RolledBack extends Error {
  constructor(readonly messageId: string) {
    super('rolled back on purpose');
  }
}

// ---- the receiving side: "tracking" creates a tracking record per assignment ----

type ReceiverDb = {
  tracking_records: { appointment_id: number; technician: string };
  /** The kit's table, read here to see which message ids were applied. */
  received_effects: { message_id: string; topic: string; sender: string; received_at: Generated<Date> };
};

const receiverMigrations: Record<string, Migration> = {
  '2026-11-25T0000-tracking-records': {
    async up(db) {
      await db.schema
        .createTable('tracking_records')
        .addColumn('appointment_id', 'integer', (column) => column.notNull())
        .addColumn('technician', 'text', (column) => column.notNull())
        .execute();
    },
  },
};

export type Receiver = {
  app: ServiceApp;
  db: Kysely<ReceiverDb>;
  /** Deliveries that reached the route, whatever their outcome. */
  requests: number;
  /** When set, each apply waits for it (a slow peer); `entered` counts applies that started. */
  gate?: Promise<void>;
  entered: number;
  lastEntered?: number;
  /** The appointments of the applies that started, in the order they started. */
  enteredOrder: number[];
  /** Per appointment, the id of the request that published its assignment, as the handler was told it. */
  requestIds: Map<number, string | undefined>;
  /** When set, apply throws (a failing handler): for every appointment, or only for `failOnly`. */
  failWith?: string;
  failOnly?: number;
  records(): Promise<ReceiverDb['tracking_records'][]>;
  close(): Promise<void>;
};

/** A receiving service on its own database: "tracking" unless named otherwise (a second subscriber, say). */
export async function startReceiver(config: DatabaseConfig, service: 'tracking' | 'payments' = 'tracking'): Promise<Receiver> {
  const env = loadEnv(service, baseEnvSchema(0), {
    ...testKeyEnv,
    LOG_LEVEL: 'silent',
    TRUSTED_SERVICE_KEYS: `booking=${keys.booking},accounts=${keys.accounts}`,
  });
  const database = await createDatabase<ReceiverDb>(config);
  await migrateServiceDatabase(database.db, receiverMigrations);
  const app = await createService({ name: service, env, ready: database.ping });
  const receiver: Receiver = {
    app,
    db: database.db,
    requests: 0,
    entered: 0,
    enteredOrder: [],
    requestIds: new Map(),
    records: () => database.db.selectFrom('tracking_records').selectAll().orderBy('appointment_id').execute(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/internal/')) receiver.requests += 1;
  });
  await app.register(effectsReceiver<ReceiverDb>, {
    service,
    db: database.db,
    env,
    handlers: {
      'appointment.assigned': effectHandler({
        from: ['booking'],
        schema: assignedSchema,
        apply: async (trx, payload, meta) => {
          receiver.entered += 1;
          receiver.requestIds.set(payload.appointmentId, meta.requestId);
          receiver.lastEntered = payload.appointmentId;
          receiver.enteredOrder.push(payload.appointmentId);
          await trx.insertInto('tracking_records').values({ appointment_id: payload.appointmentId, technician: payload.technician }).execute();
          await receiver.gate;
          if (receiver.failWith && (receiver.failOnly === undefined || receiver.failOnly === payload.appointmentId)) throw new Error(receiver.failWith);
        },
      }),
      'customer.registered': effectHandler({ from: ['accounts'], schema: registeredSchema, apply: async () => undefined }),
      'payment.recorded': effectHandler({ from: ['accounts'], schema: z.object({ paymentId: z.number().int() }), apply: async () => undefined }),
    },
  });
  await app.ready();
  return receiver;
}

// ---- the network between them ----

/**
 * Stands between sender and receiver on a fixed port, so a test can take "the peer" down and bring it back on the
 * same address, or lose the answer to a delivery after the receiver has applied it.
 */
export type PeerLink = {
  url: string;
  /** Forward to this receiver (undefined: not listening at all). */
  up(target: string): Promise<void>;
  down(): Promise<void>;
  /** The next N answers are lost after the receiver handled the request: the sender sees a broken connection. */
  dropAnswers: number;
  /** When set, requests wait for it before being forwarded (a peer that does not answer yet). */
  hold?: Promise<void>;
  close(): Promise<void>;
};

export async function createPeerLink(): Promise<PeerLink> {
  const port = await freePort();
  let server: http.Server | undefined;
  const link: PeerLink = {
    url: `http://127.0.0.1:${port}`,
    dropAnswers: 0,
    async up(target) {
      await link.down();
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          void (async () => {
            await link.hold;
            const upstream = await fetch(`${target}${request.url}`, {
              method: request.method,
              headers: Object.fromEntries(
                Object.entries(request.headers).filter(([name]) => name === 'content-type' || name.startsWith('x-')),
              ) as Record<string, string>,
              body: Buffer.concat(chunks),
            });
            const body = await upstream.text();
            if (link.dropAnswers > 0) {
              link.dropAnswers -= 1;
              response.destroy();
              return;
            }
            response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
            response.end(body);
          })().catch(() => response.destroy());
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async down() {
      const current = server;
      server = undefined;
      if (!current) return;
      const closed = new Promise((resolve) => current.close(resolve));
      current.closeAllConnections();
      await closed;
    },
    close: () => link.down(),
  };
  return link;
}

export { freePort } from '../../src/testing/index.ts';

export async function listen(app: ServiceApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The kit's poll (never a fixed sleep), with the 45 s these multi-process tests allow. */
export const waitFor = <T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 45_000): Promise<T> => pollUntil(what, check, timeoutMs, 50);

/** Where one message stands with its (only) subscriber, through the kit's test helper. */
export const jobState = async (database: Parameters<typeof deliveryStates>[0], messageId: string, from: 'booking' | 'accounts' = 'booking') =>
  Object.values(await deliveryStates(database, messageId, { from }))[0];
