import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationMessages, passwordResetRequestedTopic, type MessageDetail, type MessageListResponse, type MessageSummary, type NotificationsSummary } from '@repo/contracts';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
import { changedEvent, deliver, messagesOf, remindersOf, startNotifications, testClock, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

/**
 * The delivery log through the service's API, on real PostgreSQL and a real SMTP server: the relay is down when the
 * first booking comes in (its attempts fail, then one succeeds once it is back), and up for the rest.
 */
const smtp = new TestSmtpServer();
// Friday 20 November 2026, 10:00 in St Augustine; the visits are on Tuesday 1 December, so their reminders wait.
const clock = testClock('2026-11-20T10:00:00-05:00');
let service: NotificationsTestService;
beforeAll(async () => {
  smtp.port = await freePort();
  service = await startNotifications(smtp.port, {}, clock.now);
});
afterAll(async () => {
  await service?.close();
  await smtp.stop();
});

const staff = () => ({ authorization: service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) });
const admin = () => ({ authorization: service.bearer({ sub: 'admin:1', role: 'admin', email: 'owner@example.com' }) });

async function get<T>(url: string, headers = staff()): Promise<T> {
  const response = await service.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
const list = (query = '') => get<MessageListResponse>(`/api/notifications/messages${query ? `?${query}` : ''}`);
const detail = (id: number) => get<MessageDetail>(`/api/notifications/messages/${id}`);
const resend = (id: number, headers = admin()) =>
  service.app.inject({ method: 'POST', url: `/api/notifications/messages/${id}/resend`, headers, payload: {} });

const sentState = async (id: number) => (await detail(id)).state;
let confirmationId = 0;

describe('a message’s attempts', () => {
  it('lists a failed attempt while the relay is down, then the one that sent it once the relay is back', async () => {
    await deliver(service, changedEvent(501, 1));
    const [message] = await messagesOf(service, 501);
    confirmationId = message!.id;
    await expect.poll(async () => (await detail(confirmationId)).attemptLog.length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    const waiting = await detail(confirmationId);
    expect(waiting).toMatchObject({ state: 'queued', sentAt: null, lastError: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });
    expect(waiting.attemptLog[0]).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/), providerMessageId: null });

    await smtp.start();
    await expect.poll(() => sentState(confirmationId), { timeout: 30_000, interval: 200 }).toBe('sent');
    const sent = await detail(confirmationId);
    expect(sent).toMatchObject({
      id: confirmationId,
      kind: 'booking-confirmation',
      channel: 'email',
      recipient: 'jordan@example.com',
      appointmentId: 501,
      subject: expect.stringContaining('Tue, Dec 1, 8:00–10:00 AM ET'),
      lastError: null,
      resentFrom: null,
      requestedBy: null,
      createdAt: expect.stringMatching(/^2026-11-20T15:00:/),
    });
    expect(sent.htmlBody).toContain('SA-T501');
    expect(sent.textBody).toContain('SA-T501');
    expect(sent.attempts).toBe(sent.attemptLog.length);
    expect(sent.attemptLog.slice(0, -1).every((attempt) => attempt.outcome === 'failed')).toBe(true);
    expect(sent.attemptLog.at(-1)).toMatchObject({ outcome: 'sent', error: null, providerMessageId: expect.stringMatching(/^TEST\d+$/) });
    expect(sent.attemptLog.map((attempt) => attempt.at)).toEqual([...sent.attemptLog.map((attempt) => attempt.at)].sort());
  }, 90_000);
});

describe('the log', () => {
  let all: MessageSummary[] = [];
  beforeAll(async () => {
    // Wednesday the 11th: a booking whose mailbox does not exist (failed at once), more than seven days back.
    clock.set('2026-11-11T09:00:00-05:00');
    await deliver(service, changedEvent(502, 1, { email: TestSmtpServer.missingMailbox }));
    // Thursday the 19th: Ana's booking, then moved (a rescheduled notice; the first version's reminders withdrawn).
    clock.set('2026-11-19T16:00:00-05:00');
    await deliver(service, changedEvent(503, 1, { email: 'Ana.Lee@Example.com' }));
    await deliver(service, changedEvent(503, 2, { email: 'Ana.Lee@Example.com', change: 'rescheduled', startsAt: '2026-12-01T12:00:00-05:00', endsAt: '2026-12-01T14:00:00-05:00' }));
    // Today: a refused mailbox again, and a password reset (no appointment).
    clock.set('2026-11-20T11:00:00-05:00');
    await deliver(service, changedEvent(504, 1, { email: TestSmtpServer.missingMailbox }));
    const reset = await injectEffect(service.app, {
      from: 'accounts',
      topic: passwordResetRequestedTopic,
      payload: { requestId: '0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d91', email: 'rae@example.com', customerName: 'Rae Lin', token: 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-', expiresAt: '2026-11-20T16:30:00.000Z' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await vi.waitFor(async () => expect((await list('state=queued')).total).toBe(0), { timeout: 30_000, interval: 200 });
    all = (await list('pageSize=100')).items;
  }, 60_000);

  it('lists every message newest first, with a total', async () => {
    const page = await list();
    // 501, 502 and 504: a confirmation and two reminders each; 503: those, then the rescheduled notice and two new
    // reminders; and the password reset.
    expect(page).toMatchObject({ total: 16, page: 1, pageSize: 25 });
    const created = page.items.map((item) => `${item.createdAt}#${String(item.id).padStart(4, '0')}`);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.items[0]).toMatchObject({ kind: 'password-reset', recipient: 'rae@example.com', appointmentId: null, state: 'sent' });
    expect(Object.keys(page.items[0]!).sort()).toEqual(['appointmentId', 'attempts', 'channel', 'createdAt', 'dueAt', 'id', 'kind', 'lastError', 'recipient', 'resentFrom', 'sentAt', 'state', 'subject']);
  });

  it('filters by kind, channel, state, business days, recipient and appointment', async () => {
    expect((await list('kind=rescheduled')).items.map((item) => item.appointmentId)).toEqual([503]);
    expect((await list('kind=reminder-day-before')).total).toBe(5);
    expect((await list('channel=email')).total).toBe(16);
    expect((await list('channel=sms')).total).toBe(0);
    const failed = await list('state=failed');
    expect(failed.items.map((item) => item.appointmentId)).toEqual([504, 502]);
    expect(failed.items[0]!.lastError).toMatch(/No such mailbox/);
    expect((await list('state=withdrawn')).items.map((item) => [item.appointmentId, item.kind])).toEqual([
      [503, 'reminder-hours-before'],
      [503, 'reminder-day-before'],
    ]);
    const scheduled = await list('state=scheduled');
    expect(scheduled.total).toBe(8);
    expect(scheduled.items.every((item) => item.dueAt !== null && item.sentAt === null)).toBe(true);
    // Business days in New York: the 19th is 16:00 there (21:00 UTC); the 11th is out of a range from the 12th.
    expect((await list('from=2026-11-19&to=2026-11-19')).items.every((item) => item.appointmentId === 503)).toBe(true);
    expect((await list('from=2026-11-19&to=2026-11-19')).total).toBe(6);
    expect((await list('to=2026-11-11')).items.map((item) => item.appointmentId)).toEqual([502, 502, 502]);
    expect((await list('from=2026-11-12')).total).toBe(13);
    expect((await list('recipient=ana.lee@example.com')).total).toBe(6);
    expect((await list('recipient=%20ANA.LEE%40EXAMPLE.COM%20')).total).toBe(6);
    expect((await list('recipient=ana.lee')).total).toBe(0);
    expect((await list('appointmentId=504')).items.map((item) => item.kind).sort()).toEqual(['booking-confirmation', 'reminder-day-before', 'reminder-hours-before']);
    expect((await list('kind=booking-confirmation&state=sent&recipient=jordan@example.com')).items.map((item) => item.id)).toEqual([confirmationId]);
  });

  it('pages through the log', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`pageSize=5&page=${page}`)));
    expect(pages.map((page) => [page.total, page.page, page.pageSize, page.items.length])).toEqual([
      [16, 1, 5, 5],
      [16, 2, 5, 5],
      [16, 3, 5, 5],
      [16, 4, 5, 1],
    ]);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(all.map((item) => item.id));
    expect((await list('pageSize=5&page=5')).items).toEqual([]);
  });

  it('refuses filters that break the rules, naming the field', async () => {
    for (const [query, field, message] of [
      ['from=2026-11-20&to=2026-11-19', 'querystring.to', 'The end date must not be before the start date'],
      ['kind=birthday', 'querystring.kind', 'Choose one of the message kinds'],
      ['state=lost', 'querystring.state', 'Choose one of the message states'],
      ['from=20-11-2026', 'querystring.from', 'Date must be in YYYY-MM-DD form'],
      ['appointmentId=0x10', 'querystring.appointmentId', 'Appointment id must be a whole number from 1 to 2147483647'],
      ['pageSize=101', 'querystring.pageSize', 'Page size must be at most 100'],
      [`recipient=${'a'.repeat(255)}`, 'querystring.recipient', notificationMessages.recipient],
    ] as const) {
      const response = await service.app.inject({ method: 'GET', url: `/api/notifications/messages?${query}`, headers: staff() });
      expectApiError(response, 400, 'VALIDATION_ERROR', { [field]: message });
    }
  });

  it('counts the failed messages of the last seven business days for the system status', async () => {
    // The 11th is nine days back: only today's failure counts; the window is the log's from and to.
    expect(await get<NotificationsSummary>('/api/notifications/summary')).toEqual({ failed: 1, undelivered: 0, from: '2026-11-14', to: '2026-11-20', sms: { configured: false, a2pRegistered: false } });
    expect((await list('state=failed&from=2026-11-14&to=2026-11-20')).total).toBe(1);
    // A text the carrier reported undelivered (Twilio's status callback; sms.test.ts) is counted beside them.
    const sent = await service.db.selectFrom('messages').select('id').where('state', '=', 'sent').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await service.db.updateTable('messages').set({ channel: 'sms', state: 'undelivered' }).where('id', '=', sent.id).execute();
    expect(await get<NotificationsSummary>('/api/notifications/summary')).toMatchObject({ failed: 1, undelivered: 1 });
    await service.db.updateTable('messages').set({ channel: 'email', state: 'sent' }).where('id', '=', sent.id).execute();
  });
});

describe('resend', () => {
  it('stores a copy under its own key, queues it and sends a second email with a new Message-ID, recording who asked', async () => {
    const response = await resend(confirmationId);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json() as MessageSummary;
    expect(copy).toMatchObject({ kind: 'booking-confirmation', recipient: 'jordan@example.com', appointmentId: 501, resentFrom: confirmationId, state: 'queued', attempts: 0 });
    expect(copy.id).not.toBe(confirmationId);
    await expect.poll(() => sentState(copy.id), { timeout: 30_000, interval: 200 }).toBe('sent');
    const original = await detail(confirmationId);
    const sent = await detail(copy.id);
    expect(sent).toMatchObject({ subject: original.subject, htmlBody: original.htmlBody, textBody: original.textBody, requestedBy: 'owner@example.com' });
    expect(sent.attemptLog).toEqual([expect.objectContaining({ outcome: 'sent' })]);
    const mails = smtp.mailsFor(501);
    expect(mails.map((mail) => mail.messageId)).toEqual([
      '<appointment-501.booking-confirmation.v1@staugustineappliancerepair.com>',
      '<appointment-501.booking-confirmation.v1.resend-1@staugustineappliancerepair.com>',
    ]);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(mails[1]!.attachments.map((file) => file.filename)).toEqual(mails[0]!.attachments.map((file) => file.filename));
    expect(mails[1]!.to).toEqual(mails[0]!.to);
    // The copy is in the log, newest first; a second resend is numbered on.
    expect((await list()).items[0]!.id).toBe(copy.id);
    const again = await resend(confirmationId, staff());
    expect(again.statusCode, again.body).toBe(201);
    const row = await service.db.selectFrom('messages').select(['message_key', 'requested_by']).where('id', '=', (again.json() as MessageSummary).id).executeTakeFirstOrThrow();
    expect(row).toEqual({ message_key: 'appointment-501.booking-confirmation.v1.resend-2', requested_by: 'dana@example.com' });
  }, 60_000);

  it('sends a failed message again (to the same refused mailbox: it fails again, on the record)', async () => {
    const [failed] = (await list('state=failed&appointmentId=504')).items;
    const response = await resend(failed!.id);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json() as MessageSummary;
    await expect.poll(() => sentState(copy.id), { timeout: 30_000, interval: 200 }).toBe('failed');
    expect((await detail(copy.id)).attemptLog).toEqual([expect.objectContaining({ outcome: 'failed', error: expect.stringMatching(/No such mailbox/) })]);
  }, 60_000);

  it('refuses a scheduled, queued or withdrawn message with 409 and an unknown one with 404, storing nothing', async () => {
    const [scheduled] = (await remindersOf(service, 501)).filter((row) => row.state === 'scheduled');
    const [withdrawn] = (await remindersOf(service, 503)).filter((row) => row.state === 'withdrawn');
    const before = (await list()).total;
    expectApiError(await resend(scheduled!.id), 409, 'CONFLICT');
    expect((await resend(scheduled!.id)).json()).toMatchObject({ error: { message: notificationMessages.notSentYet } });
    expect((await resend(withdrawn!.id)).json()).toMatchObject({ error: { message: notificationMessages.withdrawn } });
    // A message still being sent (retried while the relay is down): a copy would reach the customer twice.
    const [sent] = (await list('state=sent')).items;
    await service.db.updateTable('messages').set({ state: 'queued' }).where('id', '=', sent!.id).execute();
    try {
      expect((await resend(sent!.id)).json()).toMatchObject({ error: { code: 'CONFLICT', message: notificationMessages.stillSending } });
    } finally {
      await service.db.updateTable('messages').set({ state: 'sent' }).where('id', '=', sent!.id).execute();
    }
    expectApiError(await resend(2_147_483_647), 404, 'NOT_FOUND');
    expectApiError(await service.app.inject({ method: 'GET', url: '/api/notifications/messages/2147483647', headers: staff() }), 404, 'NOT_FOUND');
    expect((await list()).total).toBe(before);
  });

  it('asks for a resend’s body: an empty JSON object', async () => {
    const response = await service.app.inject({ method: 'POST', url: `/api/notifications/messages/${confirmationId}/resend`, headers: { ...admin(), 'content-type': 'application/json' }, payload: '{"to":"someone@example.com"}' });
    expectApiError(response, 400, 'VALIDATION_ERROR');
  });
});

describe('access', () => {
  const routes = () => [
    { method: 'GET' as const, url: '/api/notifications/messages?state=sent' },
    { method: 'GET' as const, url: `/api/notifications/messages/${confirmationId}` },
    { method: 'POST' as const, url: `/api/notifications/messages/${confirmationId}/resend`, payload: {} },
    { method: 'GET' as const, url: '/api/notifications/summary' },
  ];

  it('answers 401 without a session, before reading anything else', async () => {
    for (const route of [...routes(), { method: 'GET' as const, url: '/api/notifications/messages?from=9999-99-99' }]) {
      expectApiError(await service.app.inject(route), 401, 'UNAUTHORIZED');
    }
  });

  it('answers 403 to a customer and a technician', async () => {
    const customer = { authorization: service.bearer({ sub: 'customer:9', role: 'customer', customerId: 9, email: 'jordan@example.com' }) };
    const technician = { authorization: service.bearer({ sub: 'staff:12', role: 'technician', technicianId: 'tech_mike' }) };
    const before = (await list()).total;
    for (const headers of [customer, technician]) {
      for (const route of routes()) expectApiError(await service.app.inject({ ...route, headers }), 403, 'FORBIDDEN');
    }
    expect((await list()).total).toBe(before);
  });

  it('answers an ended session with 401', async () => {
    const sid = 'ended-staff-session-0001';
    const headers = { authorization: service.bearer({ sub: 'staff:4', role: 'staff', sid }) };
    service.endSession(sid);
    expectApiError(await service.app.inject({ method: 'GET', url: '/api/notifications/summary', headers }), 401, 'UNAUTHORIZED');
  });
});
