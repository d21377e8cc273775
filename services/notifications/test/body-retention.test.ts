import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationMessages, type MessageDetail, type MessageListResponse } from '@repo/contracts';
import { loadEnv, type ServiceApp } from '@repo/service-kit';
import { expectApiError, testKeyEnv, testServiceKey } from '@repo/service-kit/test-service';
import { notificationsService } from '../src/definition.ts';
import { notificationsEnvSchema } from '../src/env.ts';
import { retentionSweepEveryMs, retentionSweepJob, sweepRetention } from '../src/jobs/retention-sweep.ts';
import { changedEvent, deliver, messagesOf, remindersOf, startNotifications, testClock, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

/**
 * Message content kept NOTIFICATIONS_BODY_RETENTION_DAYS (90 by default), then only the record: on real PostgreSQL and
 * a real SMTP server, with the service's clock set by the test (`runtime.now`, which the sweep reads).
 */
const smtp = new TestSmtpServer();
// Monday 1 June 2026, noon in St Augustine; the visits are on Tuesday 1 December, so their reminders stay scheduled.
const start = new Date('2026-06-01T12:00:00-04:00');
const clock = testClock(start);
const days = (count: number) => new Date(start.getTime() + count * 24 * 60 * 60 * 1000);
let service: NotificationsTestService;
beforeAll(async () => {
  await smtp.start();
  service = await startNotifications(smtp.port, {}, clock.now);
});
afterAll(async () => {
  await service?.close();
  await smtp.stop();
});

const staff = () => ({ authorization: service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) });
const detail = async (id: number) => {
  const response = await service.app.inject({ method: 'GET', url: `/api/notifications/messages/${id}`, headers: staff() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MessageDetail;
};
const resend = (id: number) => service.app.inject({ method: 'POST', url: `/api/notifications/messages/${id}/resend`, headers: staff(), payload: {} });
const attemptsOf = (id: number) => service.db.selectFrom('message_attempts').selectAll().where('message_id', '=', id).orderBy('id').execute();
const sweep = () => sweepRetention({ now: clock.now, bodyRetentionDays: 90 }, service.db);

/** Books appointment `id` now (by the clock) and waits until its confirmation is sent; the confirmation's row. */
async function sentConfirmation(id: number) {
  await deliver(service, changedEvent(id, 1));
  // vi.waitFor, not expect.poll: this also runs in a beforeAll.
  await vi.waitFor(async () => expect((await messagesOf(service, id)).map((row) => row.state)).toEqual(['sent']), { timeout: 20_000, interval: 100 });
  return (await messagesOf(service, id))[0]!;
}

/** Another notifications process on the same database (a second replica, or the service started again), on `now`. */
async function replica(now: () => Date): Promise<ServiceApp> {
  const env = loadEnv('notifications', notificationsEnvSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...testKeyEnv,
    SERVICE_KEY: testServiceKey,
    TRUSTED_SERVICE_KEYS: `booking=${testServiceKey},accounts=${testServiceKey},tracking=${testServiceKey},payments=${testServiceKey}`,
    // Notifications tells booking of customers' answers to reminders, and accounts of a customer's data erased:
    // addresses it never reaches here.
    PEER_URLS: 'booking=http://127.0.0.1:9,accounts=http://127.0.0.1:9',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    EFFECTS_POLL_INTERVAL_SECONDS: '0.5',
  });
  const app = await notificationsService.build(env, service.database, { now });
  await app.ready();
  return app;
}

const pendingSweep = () => service.db.selectFrom('recurring_jobs').selectAll().where('name', '=', retentionSweepJob).executeTakeFirst();

describe('the daily sweep', () => {
  it('is started at boot and runs at once, its run scheduling the next a day later; another replica starting adds no second chain', async () => {
    // The first link (due at boot) ran: it named the next one, a day after the clock.
    await expect.poll(async () => (await pendingSweep())?.due_at.getTime() ?? 0, { timeout: 20_000 }).toBeGreaterThan(clock.now().getTime() + retentionSweepEveryMs - 60_000);
    const pending = await pendingSweep();
    const second = await replica(clock.now);
    try {
      expect(await pendingSweep()).toEqual(pending);
    } finally {
      await second.close();
    }
  });
});

describe('a message older than the retention', () => {
  let old: Awaited<ReturnType<typeof sentConfirmation>>;
  let newer: Awaited<ReturnType<typeof sentConfirmation>>;
  beforeAll(async () => {
    clock.set(start);
    old = await sentConfirmation(1201);
    // Sixty days later, another booking: a month old when the first is past ninety days.
    clock.set(days(60));
    newer = await sentConfirmation(1202);
    clock.set(days(91));
  }, 60_000);

  it('loses its content and keeps its record; a newer one and one not sent yet keep everything; a second sweep removes nothing more', async () => {
    const attemptsBefore = await attemptsOf(old.id);
    const scheduledBefore = await remindersOf(service, 1201);
    expect(scheduledBefore.map((row) => row.state)).toEqual(['scheduled', 'scheduled']);
    expect(old).toMatchObject({ calendar: expect.stringContaining('BEGIN:VCALENDAR'), calendar_file_name: expect.stringMatching(/\.ics$/), body_removed_at: null });

    expect(await sweep()).toEqual({ bodiesRemoved: 1, earlyStatusesDropped: 0 });
    const [stripped] = await messagesOf(service, 1201);
    expect(stripped).toEqual({
      ...old,
      subject: '',
      text_body: '',
      html_body: '',
      calendar: null,
      calendar_file_name: null,
      list_unsubscribe: null,
      body_removed_at: expect.any(Date),
    });
    // Removed by this sweep, at the clock's time (ninety-one days on).
    expect(stripped!.body_removed_at!.getTime()).toBeGreaterThanOrEqual(days(91).getTime());
    expect(stripped!.body_removed_at!.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    // Who it went to, what it was, how it went and when: all kept, and every attempt's row.
    expect(stripped).toMatchObject({ kind: 'booking-confirmation', channel: 'email', recipient: 'jordan@example.com', state: 'sent', attempts: 1, provider_message_id: expect.stringMatching(/^TEST\d+$/) });
    expect(stripped!.sent_at!.getTime() - start.getTime()).toBeLessThan(20_000);
    expect(await attemptsOf(old.id)).toEqual(attemptsBefore);
    // Its reminders were stored with it and are not sent yet: untouched.
    expect(await remindersOf(service, 1201)).toEqual(scheduledBefore);
    expect((await messagesOf(service, 1202))[0]).toEqual(newer);

    clock.advance(60_000);
    expect(await sweep()).toEqual({ bodiesRemoved: 0, earlyStatusesDropped: 0 });
    expect((await messagesOf(service, 1201))[0]).toEqual(stripped);
    expect((await messagesOf(service, 1202))[0]).toEqual(newer);
  });

  it('answers its detail with null bodies and when they were removed, and lists it under a subject saying so', async () => {
    const removed = await detail(old.id);
    expect(removed).toMatchObject({
      id: old.id,
      kind: 'booking-confirmation',
      channel: 'email',
      recipient: 'jordan@example.com',
      state: 'sent',
      attempts: 1,
      subject: notificationMessages.bodyRemovedSubject,
      textBody: null,
      htmlBody: null,
      bodyRemovedAt: (await messagesOf(service, 1201))[0]!.body_removed_at!.toISOString(),
      bodyRetentionDays: 90,
      sentAt: old.sent_at!.toISOString(),
      createdAt: old.created_at.toISOString(),
    });
    expect(removed.attemptLog).toEqual([expect.objectContaining({ outcome: 'sent', providerMessageId: old.provider_message_id })]);
    const kept = await detail(newer.id);
    expect(kept).toMatchObject({ bodyRemovedAt: null, bodyRetentionDays: 90, subject: newer.subject, textBody: expect.stringContaining('SA-T1202'), htmlBody: expect.stringContaining('SA-T1202') });
    const list = (await service.app.inject({ method: 'GET', url: '/api/notifications/messages?kind=booking-confirmation', headers: staff() })).json() as MessageListResponse;
    expect(list.items.map((item) => [item.appointmentId, item.subject])).toEqual([
      [1202, newer.subject],
      [1201, notificationMessages.bodyRemovedSubject],
    ]);
  });

  it('refuses a resend of it with 409, saying why, and stores nothing', async () => {
    const before = await service.db.selectFrom('messages').select('id').execute();
    const refused = await resend(old.id);
    expectApiError(refused, 409, 'CONFLICT');
    expect(refused.json()).toMatchObject({ error: { message: notificationMessages.bodyRemovedResend.replace('{days}', '90') } });
    expect(await service.db.selectFrom('messages').select('id').execute()).toEqual(before);
    // The newer one still goes again.
    expect((await resend(newer.id)).statusCode).toBe(201);
  });
});

describe('a chain that stopped', () => {
  it('is started again by the next start that finds its link a day overdue, and that run removes the old content', async () => {
    clock.set(days(100));
    const old = await sentConfirmation(1203);
    // The queue lost the pending link (it never ran): two days overdue when the service starts again.
    clock.set(days(200));
    await service.db.updateTable('recurring_jobs').set({ due_at: days(198) }).where('name', '=', retentionSweepJob).execute();
    const lost = await pendingSweep();
    const restarted = await replica(clock.now);
    try {
      await expect.poll(async () => (await messagesOf(service, 1203))[0]?.body_removed_at, { timeout: 20_000 }).toEqual(expect.any(Date));
      expect((await messagesOf(service, 1203))[0]).toMatchObject({ id: old.id, recipient: old.recipient, state: 'sent', subject: '', html_body: '', text_body: '', calendar: null });
      // The new chain's run named its next link, a day on.
      await expect.poll(async () => (await pendingSweep())?.due_at.getTime() ?? 0, { timeout: 20_000 }).toBeGreaterThan(clock.now().getTime() + retentionSweepEveryMs - 60_000);
      expect((await pendingSweep())?.job_id).not.toBe(lost?.job_id);
    } finally {
      await restarted.close();
    }
  });
});
