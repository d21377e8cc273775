import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryStates, publishedEffects } from '../src/testing/index.ts';
import {
  createPeerLink,
  listen,
  openTestDb,
  startReceiver,
  startSender,
  type Driver,
  type PeerLink,
  type Receiver,
  type Sender,
  type TestDb,
} from './support/effects-services.ts';

// PGlite's first start in a new directory runs initdb, which takes many seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

/**
 * One publish, two subscribers: booking publishes `appointment.assigned`, which tracking subscribes to in code and
 * payments through EVENT_SUBSCRIBERS. Each subscriber is its own app on its own database, behind its own link, so a
 * test can take one down or lose an answer.
 */
describe.each<Driver>(['postgres', 'pglite'])('an event with two subscribers on %s', (driver) => {
  const databases: TestDb[] = [];
  const receivers: Record<'tracking' | 'payments', { receiver: Receiver; url: string; link: PeerLink }> = {} as never;
  let sender: Sender;

  beforeAll(async () => {
    for (const name of ['tracking', 'payments'] as const) {
      const db = await openTestDb(driver, { memory: true });
      databases.push(db);
      const receiver = await startReceiver(db.config, name);
      const url = await listen(receiver.app);
      const link = await createPeerLink();
      await link.up(url);
      receivers[name] = { receiver, url, link };
    }
    const senderDb = await openTestDb(driver);
    databases.push(senderDb);
    sender = await startSender(
      senderDb.config,
      { tracking: receivers.tracking.link.url, payments: receivers.payments.link.url },
      { env: { EVENT_SUBSCRIBERS: 'appointment.assigned=payments' } },
    );
  });

  afterAll(async () => {
    await sender?.close();
    for (const { receiver, link } of Object.values(receivers)) {
      await link.close();
      await receiver.close();
    }
    for (const db of databases) await db.cleanup();
  });

  const recordsAt = async (name: 'tracking' | 'payments', appointmentId: number) =>
    (await receivers[name].receiver.records()).filter((row) => row.appointment_id === appointmentId);
  const appliedIds = (name: 'tracking' | 'payments', messageId: string) =>
    receivers[name].receiver.db.selectFrom('received_effects').select('message_id').where('message_id', '=', messageId).execute();

  it('reaches each subscriber once: one down when it is published, the other losing its first answer', async () => {
    const payments = receivers.payments;
    const tracking = receivers.tracking;
    await payments.link.down();
    const trackingRequestsBefore = tracking.receiver.requests;
    // Tracking applies the first delivery, but booking never hears so: it delivers again (a redelivery).
    tracking.link.dropAnswers = 1;

    const messageId = await sender.assign(700, 'Uma');
    await expect.poll(() => recordsAt('tracking', 700), { timeout: 30_000 }).toHaveLength(1);
    await expect.poll(async () => (await deliveryStates(sender.database, messageId)).tracking, { timeout: 30_000 }).toBe('completed');
    expect(tracking.link.dropAnswers).toBe(0);
    expect(tracking.receiver.requests - trackingRequestsBefore).toBeGreaterThanOrEqual(2);
    // Payments is still down: its copy waits in its own queue, retried, while tracking's is done.
    expect((await deliveryStates(sender.database, messageId)).payments).toMatch(/^(created|retry|active)$/);
    expect(await recordsAt('payments', 700)).toEqual([]);

    await payments.link.up(payments.url);
    await expect.poll(() => recordsAt('payments', 700), { timeout: 30_000 }).toHaveLength(1);
    await expect.poll(() => deliveryStates(sender.database, messageId), { timeout: 30_000 }).toEqual({ tracking: 'completed', payments: 'completed' });

    // Once each: one record and one applied message id at each subscriber, the redelivery answered as a duplicate.
    expect(await recordsAt('tracking', 700)).toEqual([{ appointment_id: 700, technician: 'Uma' }]);
    expect(await recordsAt('payments', 700)).toEqual([{ appointment_id: 700, technician: 'Uma' }]);
    expect(await appliedIds('tracking', messageId)).toEqual([{ message_id: messageId }]);
    expect(await appliedIds('payments', messageId)).toEqual([{ message_id: messageId }]);
    expect(await publishedEffects(sender.database, 'appointment.assigned')).toContainEqual({ appointmentId: 700, technician: 'Uma' });
  });

  it('delivers a burst of thirty events published in one transaction to both, each once', async () => {
    const ids = Array.from({ length: 30 }, (_, index) => 800 + index);
    await sender.database.db.transaction().execute(async (trx) => {
      for (const appointmentId of ids) await sender.effects.enqueue(trx, 'appointment.assigned', { appointmentId, technician: 'Vic' });
    });
    for (const name of ['tracking', 'payments'] as const) {
      await expect
        .poll(async () => (await receivers[name].receiver.records()).filter((row) => row.appointment_id >= 800).map((row) => row.appointment_id), { timeout: 30_000 })
        .toEqual(ids);
    }
    const status = await sender.effects.status();
    expect(status.failed).toBe(0);
  });
});
