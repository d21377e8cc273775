import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database, type DatabaseConfig } from '../src/db/index.ts';
import { deliveryStates } from '../src/testing/index.ts';
import { createPeerLink, freePort, openTestDb, startSender, type PeerLink, type Sender, type TestDb } from './support/effects-services.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const receiverProcess = fileURLToPath(new URL('./support/effects-receiver-process.ts', import.meta.url));

type Subscriber = 'tracking' | 'payments';
/** What a subscriber process writes in its own database: read here to see what it applied. */
type SubscriberDb = {
  tracking_records: { appointment_id: number; technician: string };
  received_effects: { message_id: string };
};

/**
 * One publish, two subscribers as separate service processes (effects-fanout.test.ts runs them as apps in this process):
 * booking (here) publishes `appointment.assigned` to tracking, which subscribes in code, and payments, added through
 * EVENT_SUBSCRIBERS. Each subscriber is a process on its own PostgreSQL database; payments' process starts only after
 * the event was published, and tracking's first answer is lost on the way back, so booking delivers it again.
 */
describe('an event with two subscriber processes', () => {
  const databases: TestDb[] = [];
  const readers: Partial<Record<Subscriber, Database<SubscriberDb>>> = {};
  const children: ChildProcess[] = [];
  const subscriberDbs = {} as Record<Subscriber, TestDb>;
  let paymentsPort: number;
  let link: PeerLink;
  let sender: Sender;

  /** Starts a subscriber process; resolves once it listens, and fails with its output if it exits before. */
  function startSubscriber(service: Subscriber, database: DatabaseConfig, port: number): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', receiverProcess, JSON.stringify({ database, service, port })], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) => reject(new Error(`${service}'s process exited (${signal ?? code}) before it listened: ${output}`)));
    });
  }

  const stopChild = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });

  beforeAll(async () => {
    for (const name of ['tracking', 'payments'] as const) {
      subscriberDbs[name] = await openTestDb('postgres');
      databases.push(subscriberDbs[name]);
    }
    const senderDb = await openTestDb('postgres');
    databases.push(senderDb);
    const trackingPort = await freePort();
    // Payments' address is known to booking before anything listens there.
    paymentsPort = await freePort();
    link = await createPeerLink();
    const [started] = await Promise.all([
      startSender(
        senderDb.config,
        { tracking: link.url, payments: `http://127.0.0.1:${paymentsPort}` },
        { env: { EVENT_SUBSCRIBERS: 'appointment.assigned=payments' } },
      ),
      startSubscriber('tracking', subscriberDbs.tracking.config, trackingPort),
    ]);
    sender = started;
    await link.up(`http://127.0.0.1:${trackingPort}`);
  });

  afterAll(async () => {
    await Promise.all(children.map(stopChild));
    await sender?.close();
    await link?.close();
    for (const reader of Object.values(readers)) await reader.close();
    for (const db of databases) await db.cleanup();
  });

  /** Opened once the subscriber's process has migrated its database. */
  const reader = async (name: Subscriber) => (readers[name] ??= await createDatabase<SubscriberDb>(subscriberDbs[name].config));
  const recordsAt = async (name: Subscriber) => (await reader(name)).db.selectFrom('tracking_records').selectAll().execute();
  const appliedAt = async (name: Subscriber) => (await reader(name)).db.selectFrom('received_effects').select('message_id').execute();

  it('reaches each once: one process started only after the publish, the other losing its first answer', async () => {
    link.dropAnswers = 1;
    const messageId = await sender.assign(900, 'Wen');

    await expect.poll(async () => (await deliveryStates(sender.database, messageId)).tracking, { timeout: 30_000 }).toBe('completed');
    // The lost answer was a delivery tracking applied; completing took another one.
    expect(link.dropAnswers).toBe(0);
    expect(await recordsAt('tracking')).toEqual([{ appointment_id: 900, technician: 'Wen' }]);
    // Nothing listens at payments' address: its copy waits in its own queue, retried.
    expect((await deliveryStates(sender.database, messageId)).payments).toMatch(/^(created|retry|active)$/);

    await startSubscriber('payments', subscriberDbs.payments.config, paymentsPort);
    await expect.poll(() => deliveryStates(sender.database, messageId), { timeout: 30_000 }).toEqual({ tracking: 'completed', payments: 'completed' });

    // Once each: one record and one applied message id in each subscriber's database.
    for (const name of ['tracking', 'payments'] as const) {
      expect(await recordsAt(name)).toEqual([{ appointment_id: 900, technician: 'Wen' }]);
      expect(await appliedAt(name)).toEqual([{ message_id: messageId }]);
    }
  });
});
