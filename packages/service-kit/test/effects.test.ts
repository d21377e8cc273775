import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deliveryStatusSchema, type DeliveryStatus } from '@repo/contracts';
import { createService } from '../src/create-service.ts';
import { createEffects, effectHeaders, effectsReceiver, signDelivery, type Effects } from '../src/effects/index.ts';
import { baseEnvSchema, EnvError, loadEnv, type BaseEnv } from '../src/env.ts';
import type { ServiceDefinition } from '../src/service-main.ts';
import { createTestService, signTestSession, testKeyEnv } from '../src/test-service.ts';
import {
  assignedSchema,
  createPeerLink,
  freePort,
  jobState,
  keys,
  listen,
  openTestDb,
  RolledBack,
  startReceiver,
  startSender,
  testSessions,
  testTuning,
  waitFor,
  type Driver,
  type PeerLink,
  type Receiver,
  type Sender,
  type TestDb,
} from './support/effects-services.ts';

// PGlite's first start in a new directory runs initdb, which takes many seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const senderProcess = fileURLToPath(new URL('./support/effects-sender-process.ts', import.meta.url));

describe('effects configuration', () => {
  const base = { ...testKeyEnv, LOG_LEVEL: 'silent' };

  it('reads PEER_URLS and TRUSTED_SERVICE_KEYS into maps and names a malformed entry', () => {
    const env = loadEnv('booking', baseEnvSchema(0), {
      ...base,
      PEER_URLS: 'tracking=http://127.0.0.1:3003, payments=https://payments.internal',
      TRUSTED_SERVICE_KEYS: `accounts=${keys.accounts}`,
    });
    expect(env.PEER_URLS).toEqual({ tracking: 'http://127.0.0.1:3003', payments: 'https://payments.internal' });
    expect(env.TRUSTED_SERVICE_KEYS).toEqual({ accounts: keys.accounts });
    expect(() => loadEnv('booking', baseEnvSchema(0), { ...base, PEER_URLS: 'mail=http://x', SERVICE_KEY: 'short' })).toThrow(
      /SERVICE_KEY must be at least 32 characters[\s\S]*PEER_URLS must list peer URLs as name=value, the name one of booking, accounts, tracking, payments, notifications \(got "mail"\)/,
    );
    expect(() => loadEnv('booking', baseEnvSchema(0), { ...base, PEER_URLS: 'tracking=ftp://x' })).toThrow(/PEER_URLS tracking: must be an http/);
    expect(() => loadEnv('tracking', baseEnvSchema(0), { ...base, TRUSTED_SERVICE_KEYS: 'booking=short' })).toThrow(
      /TRUSTED_SERVICE_KEYS booking: key must be at least 32 characters/,
    );
  });

  it('fails at start-up naming what a sender is missing', () => {
    const database = { kind: 'pglite' } as never;
    const outgoing = { 'appointment.assigned': { to: 'tracking' as const, schema: z.object({}) } };
    expect(() => createEffects({ service: 'booking', database, env: {}, outgoing })).toThrow(EnvError);
    expect(() => createEffects({ service: 'booking', database, env: {}, outgoing })).toThrow(
      /SERVICE_KEY is required[\s\S]*PEER_URLS must give tracking's internal address/,
    );
  });

  it('fails at start-up naming what a receiver is missing', async () => {
    const env = loadEnv('tracking', baseEnvSchema(0), base);
    const app = await createService({ name: 'tracking', env, ready: async () => undefined });
    const handlers = { 'appointment.assigned': { from: ['booking'] as const, schema: z.object({}), apply: async () => undefined } };
    await expect(app.register(effectsReceiver, { service: 'tracking', db: {} as never, env: {}, handlers })).rejects.toThrow(
      /TRUSTED_SERVICE_KEYS is required/,
    );
    const other = await createService({ name: 'tracking', env, ready: async () => undefined });
    await expect(
      other.register(effectsReceiver, { service: 'tracking', db: {} as never, env: { TRUSTED_SERVICE_KEYS: { accounts: keys.accounts } }, handlers }),
    ).rejects.toThrow(/TRUSTED_SERVICE_KEYS must include booking's key/);
  });
});

describe.each<Driver>(['postgres', 'pglite'])('durable effects on %s', (driver) => {
  const databases: TestDb[] = [];
  let receiver: Receiver;
  let link: PeerLink;
  let receiverUrl: string;
  let sender: Sender;
  let senderDb: TestDb;
  let nextAppointment = 100;

  const openDb = async (options?: { memory?: boolean }) => {
    const db = await openTestDb(driver, options);
    databases.push(db);
    return db;
  };
  const recordsFor = async (appointmentId: number) => (await receiver.records()).filter((row) => row.appointment_id === appointmentId);
  const receivedIds = async (messageId: string) =>
    receiver.db.selectFrom('received_effects').select(['message_id', 'topic', 'sender']).where('message_id', '=', messageId).execute();

  beforeAll(async () => {
    receiver = await startReceiver((await openDb({ memory: true })).config);
    receiverUrl = await listen(receiver.app);
    link = await createPeerLink();
    await link.up(receiverUrl);
    senderDb = await openDb();
    sender = await startSender(senderDb.config, { tracking: link.url });
  });

  afterAll(async () => {
    await sender?.close();
    await link?.close();
    await receiver?.close();
    for (const db of databases) await db.cleanup();
  });

  it('delivers a committed effect and the peer applies it', async () => {
    const appointmentId = nextAppointment++;
    const messageId = await sender.assign(appointmentId, 'Dana');
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor('the tracking record', async () => (await recordsFor(appointmentId)).length > 0);
    expect(await recordsFor(appointmentId)).toEqual([{ appointment_id: appointmentId, technician: 'Dana' }]);
    expect(await receivedIds(messageId)).toEqual([{ message_id: messageId, topic: 'appointment.assigned', sender: 'booking' }]);
    expect(await waitFor('completion', async () => (await jobState(sender.database, messageId)) === 'completed')).toBe(true);
  });

  it("carries the publishing request's id to the handler, and none for work no request started", async () => {
    const byRequest = nextAppointment++;
    const response = await sender.app.inject({
      method: 'POST',
      url: '/assignments',
      headers: { 'x-request-id': 'req-0f3a9c' },
      payload: { appointmentId: byRequest, technician: 'Ines' },
    });
    expect(response.statusCode).toBe(200);
    const byTimer = nextAppointment++;
    await sender.assign(byTimer, 'Ines');
    await waitFor('both records', async () => (await recordsFor(byTimer)).length > 0 && (await recordsFor(byRequest)).length > 0);
    expect(receiver.requestIds.get(byRequest)).toBe('req-0f3a9c');
    expect(receiver.requestIds.has(byTimer)).toBe(true);
    expect(receiver.requestIds.get(byTimer)).toBeUndefined();
  });

  it('delivers effects published one after another in the order they were published', async () => {
    const first = nextAppointment;
    const appointments = Array.from({ length: 30 }, () => nextAppointment++);
    // Each its own transaction, committed before the next: the relay moves several in one pass, as one batch.
    for (const appointmentId of appointments) await sender.assign(appointmentId, 'Gil');
    await waitFor('every record', async () => appointments.every((id) => receiver.enteredOrder.includes(id)));
    expect(receiver.enteredOrder.filter((id) => id >= first)).toEqual(appointments);
  });

  it('never delivers an effect whose transaction rolled back', async () => {
    const rolledBack = nextAppointment++;
    const committed = nextAppointment++;
    const error = await sender.assign(rolledBack, 'Eli', { rollback: true }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RolledBack);
    const rolledBackId = (error as RolledBack).messageId;
    // The message is gone with its transaction: there is nothing left that could ever be delivered.
    expect(await jobState(sender.database, rolledBackId)).toBeUndefined();
    expect(await sender.database.db.selectFrom('assignments').select('id').where('appointment_id', '=', rolledBack).execute()).toEqual([]);
    // A later message goes through, and the rolled-back one never reached the peer.
    await sender.assign(committed, 'Fay');
    await waitFor('the later tracking record', async () => (await recordsFor(committed)).length > 0);
    expect(await recordsFor(rolledBack)).toEqual([]);
    expect(await receivedIds(rolledBackId)).toEqual([]);
  });

  it('keeps an effect while the peer is down, shows it to staff as retrying, and delivers it once the peer is back', async () => {
    const appointmentId = nextAppointment++;
    await link.down();
    try {
      const messageId = await sender.assign(appointmentId, 'Gus');
      const staff = `Bearer ${signTestSession({ sub: 'staff-1', role: 'staff', sid: testSessions.open() })}`;
      const status = await waitFor('a failed attempt in the status', async () => {
        const response = await sender.app.inject({ method: 'GET', url: '/api/deliveries/booking', headers: { authorization: staff } });
        expect(response.statusCode).toBe(200);
        const body = deliveryStatusSchema.parse(response.json());
        // The first attempt may meet a connection the peer was closing; the following ones find nobody listening.
        return body.recentFailures.some((failure) => failure.messageId === messageId && /ECONNREFUSED/.test(failure.error)) && body;
      });
      expect(status.pending).toBeGreaterThanOrEqual(1);
      expect(status.recentFailures.find((failure) => failure.messageId === messageId)).toMatchObject({
        to: 'tracking',
        topic: 'appointment.assigned',
        state: 'retrying',
        error: expect.stringMatching(/ECONNREFUSED/),
      });
      expect(await recordsFor(appointmentId)).toEqual([]);
      await link.up(receiverUrl);
      await waitFor('the tracking record after the peer came back', async () => (await recordsFor(appointmentId)).length > 0);
      await waitFor('completion', async () => (await jobState(sender.database, messageId)) === 'completed');
      expect(await recordsFor(appointmentId)).toHaveLength(1);
    } finally {
      await link.up(receiverUrl);
    }
  });

  const post = (topic: string, payload: unknown, options: { sender?: string; key?: string; messageId?: string; timestamp?: number; signature?: string } = {}) => {
    const body = JSON.stringify(payload);
    const messageId = options.messageId ?? randomUUID();
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = options.signature ?? signDelivery(options.key ?? keys.booking, { timestamp, messageId, topic, body });
    return receiver.app.inject({
      method: 'POST',
      url: `/internal/effects/${topic}`,
      headers: {
        'content-type': 'application/json',
        [effectHeaders.service]: options.sender ?? 'booking',
        [effectHeaders.timestamp]: timestamp,
        [effectHeaders.messageId]: messageId,
        [effectHeaders.signature]: signature,
      },
      payload: body,
    });
  };

  it('applies a message posted twice only once', async () => {
    const appointmentId = nextAppointment++;
    const messageId = randomUUID();
    const first = await post('appointment.assigned', { appointmentId, technician: 'Hal' }, { messageId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ messageId, status: 'applied' });
    const second = await post('appointment.assigned', { appointmentId, technician: 'Hal' }, { messageId });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ messageId, status: 'duplicate' });
    expect(await recordsFor(appointmentId)).toHaveLength(1);
  });

  it('applies a redelivered message once when the answer to the first delivery was lost', async () => {
    const appointmentId = nextAppointment++;
    const requestsBefore = receiver.requests;
    link.dropAnswers = 1;
    const messageId = await sender.assign(appointmentId, 'Ida');
    await waitFor('completion after the redelivery', async () => (await jobState(sender.database, messageId)) === 'completed');
    expect(link.dropAnswers).toBe(0);
    expect(receiver.requests - requestsBefore).toBeGreaterThanOrEqual(2);
    expect(await recordsFor(appointmentId)).toEqual([{ appointment_id: appointmentId, technician: 'Ida' }]);
  });

  it('rolls back a failing handler together with the message record, so the retry applies it', async () => {
    const appointmentId = nextAppointment++;
    receiver.failWith = 'tracking is busy';
    let messageId = '';
    try {
      const enteredBefore = receiver.entered;
      messageId = await sender.assign(appointmentId, 'Jo');
      await waitFor('a failed apply', async () => receiver.entered > enteredBefore);
    } finally {
      receiver.failWith = undefined;
    }
    await waitFor('completion after the retry', async () => (await jobState(sender.database, messageId)) === 'completed');
    expect(await recordsFor(appointmentId)).toEqual([{ appointment_id: appointmentId, technician: 'Jo' }]);
    expect(await receivedIds(messageId)).toHaveLength(1);
  });

  const postBatch = (messages: unknown, options: { key?: string } = {}) => {
    const body = JSON.stringify({ messages });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const messageId = randomUUID();
    return receiver.app.inject({
      method: 'POST',
      url: '/internal/effect-batches',
      headers: {
        'content-type': 'application/json',
        [effectHeaders.service]: 'booking',
        [effectHeaders.timestamp]: timestamp,
        [effectHeaders.messageId]: messageId,
        [effectHeaders.signature]: signDelivery(options.key ?? keys.booking, { timestamp, messageId, topic: 'effect-batch', body }),
      },
      payload: body,
    });
  };

  it('answers a batch per message: applied once, a repeated id a duplicate, a refused topic or payload refused', async () => {
    const appointmentId = nextAppointment++;
    const messageId = randomUUID();
    const refusedTopic = randomUUID();
    const badPayload = randomUUID();
    const response = await postBatch([
      { messageId, topic: 'appointment.assigned', payload: { appointmentId, technician: 'Pat' } },
      { messageId, topic: 'appointment.assigned', payload: { appointmentId, technician: 'Pat' } },
      { messageId: refusedTopic, topic: 'customer.registered', payload: { customerId: 1 } },
      { messageId: badPayload, topic: 'appointment.assigned', payload: { appointmentId, technician: '' } },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { messageId, status: 'applied' },
        { messageId, status: 'duplicate' },
        { messageId: refusedTopic, status: 'refused', error: 'booking may not send customer.registered effects to tracking.' },
        { messageId: badPayload, status: 'refused', error: 'Technician is required' },
      ],
    });
    expect(await recordsFor(appointmentId)).toEqual([{ appointment_id: appointmentId, technician: 'Pat' }]);
    const again = await postBatch([{ messageId, topic: 'appointment.assigned', payload: { appointmentId, technician: 'Pat' } }]);
    expect(again.json()).toEqual({ results: [{ messageId, status: 'duplicate' }] });
  });

  it('applies the rest of a batch when one handler fails, and reports that one as failed', async () => {
    const good = nextAppointment++;
    const bad = nextAppointment++;
    const [goodId, badId] = [randomUUID(), randomUUID()];
    receiver.failWith = 'tracking is busy';
    receiver.failOnly = bad;
    try {
      const response = await postBatch([
        { messageId: goodId, topic: 'appointment.assigned', payload: { appointmentId: good, technician: 'Quin' } },
        { messageId: badId, topic: 'appointment.assigned', payload: { appointmentId: bad, technician: 'Quin' } },
      ]);
      expect(response.json()).toEqual({
        results: [
          { messageId: goodId, status: 'applied' },
          { messageId: badId, status: 'failed', error: 'tracking is busy' },
        ],
      });
      expect(await recordsFor(good)).toHaveLength(1);
      expect(await recordsFor(bad)).toEqual([]);
      expect(await receivedIds(badId)).toEqual([]);
    } finally {
      receiver.failWith = undefined;
      receiver.failOnly = undefined;
    }
    // The retry of the failed one applies it.
    const retried = await postBatch([{ messageId: badId, topic: 'appointment.assigned', payload: { appointmentId: bad, technician: 'Quin' } }]);
    expect(retried.json()).toEqual({ results: [{ messageId: badId, status: 'applied' }] });
    expect(await recordsFor(bad)).toHaveLength(1);
  });

  it('refuses a batch not signed by a known service with 401, and a malformed one with 400', async () => {
    const message = { messageId: randomUUID(), topic: 'appointment.assigned', payload: { appointmentId: 1, technician: 'Ray' } };
    const unsigned = await postBatch([message], { key: 'not-the-key-of-booking-0123456789abcdef' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'This delivery is not signed by a known service.' } });
    const empty = await postBatch([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { message: 'A batch holds at least one message' } });
    const badId = await postBatch([{ ...message, messageId: 'not-a-uuid' }]);
    expect(badId.statusCode).toBe(400);
  });

  it('refuses an unsigned, badly signed, stale or unknown sender with 401 before looking at the body', async () => {
    const good = { appointmentId: 1, technician: 'Kim' };
    const cases = [
      await post('appointment.assigned', good, { signature: '' }),
      await post('appointment.assigned', good, { signature: 'ab'.repeat(32) }),
      await post('appointment.assigned', good, { key: keys.accounts }),
      await post('appointment.assigned', good, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await post('appointment.assigned', good, { sender: 'payments' }),
      await post('appointment.assigned', good, { messageId: 'not-a-uuid' }),
      await post('appointment.assigned', { appointmentId: 'x' }, { signature: 'ab'.repeat(32) }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'This delivery is not signed by a known service.' } });
    }
  });

  it('refuses a topic the sender may not send with 403, and a bad payload with 400 and its fields', async () => {
    const notAllowed = await post('customer.registered', { customerId: 1 });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'booking may not send customer.registered effects to tracking.' } });
    const unknown = await post('appointment.exploded', { appointmentId: 1 });
    expect(unknown.statusCode).toBe(403);
    const allowed = await post('customer.registered', { customerId: 1 }, { sender: 'accounts', key: keys.accounts });
    expect(allowed.json()).toMatchObject({ status: 'applied' });

    const bad = await post('appointment.assigned', { appointmentId: -1, technician: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { appointmentId: expect.any(String), technician: 'Technician is required' } },
    });
    const notJson = await post('appointment.assigned', '{"appointmentId":');
    expect(notJson.statusCode).toBe(400);
    expect((await post('appointment.assigned', 'not json at all')).statusCode).toBe(400);
  });

  it('delivers exactly once when the sender is killed mid-delivery and a new one starts on the same database', async () => {
    const appointmentId = nextAppointment++;
    const requestsBefore = receiver.requests;
    const enteredBefore = receiver.entered;
    let release!: () => void;
    receiver.gate = new Promise<void>((resolve) => (release = resolve));
    // The sender moves into a process of its own (same database), so it can die as a crashed process does.
    await sender.close();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', senderProcess, JSON.stringify({ database: senderDb.config, peers: { tracking: link.url }, tuning: testTuning, appointmentId })],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const messageId = await waitFor('the child to enqueue', async () => /enqueued (\S+)/.exec(output)?.[1]).catch((err: Error) => {
        throw new Error(`${err.message}; the child said: ${output}`);
      });
      // The peer has the delivery in hand (and is slow) when the sender dies.
      await waitFor('the delivery to reach the peer', async () => receiver.entered > enteredBefore && receiver.lastEntered === appointmentId);
      child.kill('SIGKILL');
      await exited;
      receiver.gate = undefined;
      release();

      sender = await startSender(senderDb.config, { tracking: link.url });
      await waitFor('completion by the new sender', async () => (await jobState(sender.database, messageId)) === 'completed');
      expect(await recordsFor(appointmentId)).toEqual([{ appointment_id: appointmentId, technician: 'Dana' }]);
      expect(await receivedIds(messageId)).toHaveLength(1);
      // The dead sender's delivery and the new sender's redelivery both arrived; only one was applied.
      expect(receiver.requests - requestsBefore).toBeGreaterThanOrEqual(2);
    } finally {
      receiver.gate = undefined;
      release();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  describe('the status staff see', () => {
    let failing: Sender;
    let held: PeerLink;
    let letGo!: () => void;

    beforeAll(async () => {
      held = await createPeerLink();
      held.hold = new Promise<void>((resolve) => (letGo = resolve));
      await held.up(receiverUrl);
      const nowhere = `http://127.0.0.1:${await freePort()}`;
      // A second sending service on the same database: its own queues, so its counts start from nothing.
      failing = await startSender(senderDb.config, { tracking: nowhere, payments: held.url }, {
        tuning: { ...testTuning, retryLimit: 1, deliveryTimeoutMs: 20_000, expireInSeconds: 30 },
        as: { service: 'accounts', database: sender.database },
      });
    });

    afterAll(async () => {
      letGo?.();
      await failing?.close();
      await held?.close();
    });

    const status = (authorization?: string) =>
      failing.app.inject({ method: 'GET', url: '/api/deliveries/accounts', headers: authorization ? { authorization } : {} });

    it('is for staff and administrators only', async () => {
      const anonymous = await status();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      const customer = await status(`Bearer ${signTestSession({ sub: 'c-1', role: 'customer', customerId: 1, sid: testSessions.open() })}`);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      const admin = await status(`Bearer ${signTestSession({ sub: 'a-1', role: 'admin', sid: testSessions.open() })}`);
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({ service: 'accounts', pending: 0, inFlight: 0, failed: 0, oldestPendingSeconds: null, routes: [], recentFailures: [] });
    });

    it('counts pending and failed messages per peer and topic and lists the failures', async () => {
      const staff = `Bearer ${signTestSession({ sub: 's-1', role: 'staff', sid: testSessions.open() })}`;
      const [first, second, payment] = await failing.database.db.transaction().execute(async (trx) => [
        await failing.effects.enqueue(trx, 'appointment.assigned', { appointmentId: 1, technician: 'Lu' }),
        await failing.effects.enqueue(trx, 'appointment.assigned', { appointmentId: 2, technician: 'Mo' }),
        await failing.effects.enqueue(trx, 'payment.recorded', { paymentId: 9 }),
      ]);
      const body = await waitFor('two failures and one pending delivery', async () => {
        const response = await status(staff);
        expect(response.statusCode).toBe(200);
        const current: DeliveryStatus = deliveryStatusSchema.parse(response.json());
        return current.failed === 2 && current.pending === 1 && current;
      });
      // The payment's delivery is held by its peer: in flight, not waiting, so no route lists it as pending.
      expect(body.inFlight).toBe(1);
      expect(body.oldestPendingSeconds).toBeNull();
      expect(body.routes).toEqual([{ to: 'tracking', topic: 'appointment.assigned', pending: 0, failed: 2, oldestPendingSeconds: null }]);
      const failed = body.recentFailures.filter((failure) => failure.state === 'failed');
      expect(failed.map((failure) => failure.messageId).sort()).toEqual([first, second].sort());
      for (const failure of failed) {
        expect(failure).toMatchObject({ to: 'tracking', topic: 'appointment.assigned', attempts: 2, error: expect.stringMatching(/ECONNREFUSED/) });
      }
      expect(JSON.stringify(body)).not.toContain('Lu');
      expect(await jobState(failing.database, payment, 'accounts')).toBe('active');
    });
  });
});

describe('lifecycle in a service definition', () => {
  it('starts delivery when createTestService makes the app ready and stops it before the database closes', async () => {
    const outgoing = { 'appointment.assigned': { to: 'tracking' as const, schema: assignedSchema } };
    let effects: Effects<typeof outgoing> | undefined;
    const definition: ServiceDefinition<BaseEnv, unknown> = {
      name: 'booking',
      envSchema: baseEnvSchema(0),
      migrations: {},
      build: async (env, database, runtime) => {
        effects = createEffects({ service: 'booking', database, env, outgoing, tuning: testTuning });
        const app = await createService({ name: 'booking', env, runtime, ready: database.ping });
        await app.register(effects.plugin);
        return app;
      },
    };
    const service = await createTestService(definition, { SERVICE_KEY: keys.booking, PEER_URLS: `tracking=http://127.0.0.1:${await freePort()}` });
    try {
      const messageId = await service.db.transaction().execute((trx) => effects!.enqueue(trx, 'appointment.assigned', { appointmentId: 1, technician: 'Ned' }));
      const authorization = service.bearer({ sub: 'a-1', role: 'admin' });
      // Between attempts the message waits for its retry, which the route shows as pending.
      await expect
        .poll(async () => (await service.app.inject({ method: 'GET', url: '/api/deliveries/booking', headers: { authorization } })).json(), { timeout: 30_000 })
        .toMatchObject({ pending: 1, routes: [{ to: 'tracking', topic: 'appointment.assigned', pending: 1 }] });
      expect(await jobState(service.database, messageId)).toMatch(/^(outbox|created|active|retry)$/);
    } finally {
      await service.close();
    }
    await expect(
      service.database.db.transaction().execute((trx) => effects!.enqueue(trx, 'appointment.assigned', { appointmentId: 2, technician: 'Ola' })),
    ).rejects.toThrow();
  });
});
