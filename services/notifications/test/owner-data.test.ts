import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customerDeletionCompletedTopic, customerDeletionRequestedTopic, type CustomerDeletionCompleted, type CustomerDeletionRequested } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { erasedRecipient } from '../src/use-cases/erase-customer.ts';
import { changedEvent, deliver, notificationsForTests, testClock } from './helpers.ts';

/** The owner's export of the delivery log, and a customer's deletion request, on real PostgreSQL and a real SMTP server. */
const clock = testClock('2026-11-25T15:00:00Z');
const notifications = notificationsForTests({}, clock.now);
const as = (role: 'admin' | 'staff' | 'technician' | 'customer') => ({ authorization: notifications.service.bearer({ sub: `${role}:1`, role, email: `${role}@example.com` }) });
const exportUrl = '/api/notifications/export/messages.csv';
const rowsOf = (appointmentId: number) => notifications.service.db.selectFrom('messages').selectAll().where('appointment_id', '=', appointmentId).orderBy('id').execute();

describe("the owner's export of the delivery log", () => {
  it('answers every message without its bodies as CSV, formula-escaped, to an administrator only', async () => {
    await deliver(notifications.service, changedEvent(601, 1, { email: 'kept@example.com', customerName: 'Kept Person' }));
    await notifications.service.db.updateTable('messages').set({ subject: '=HYPERLINK("http://evil")' }).where('appointment_id', '=', 601).where('kind', '=', 'booking-confirmation').execute();
    expectApiError(await notifications.service.app.inject({ method: 'GET', url: exportUrl }), 401, 'UNAUTHORIZED');
    for (const role of ['staff', 'technician', 'customer'] as const) {
      expectApiError(await notifications.service.app.inject({ method: 'GET', url: exportUrl, headers: as(role) }), 403, 'FORBIDDEN');
    }
    const response = await notifications.service.app.inject({ method: 'GET', url: exportUrl, headers: as('admin') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="messages.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,kind,channel,recipient,appointment_id,state,attempts,subject,due_at,sent_at,last_error,created_at');
    expect(lines.find((line) => line.includes(',booking-confirmation,'))).toMatch(/^\d+,booking-confirmation,email,kept@example.com,601,\w+,\d+,"'=HYPERLINK\(""http:\/\/evil""\)",/);
  });
});

describe("a customer's deletion request", () => {
  it("withdraws the customer's unsent messages and erases their recipient and content, once however often delivered", async () => {
    await deliver(notifications.service, changedEvent(602, 1, { email: 'Erin.Gone@example.com', customerName: 'Erin Gone', customerId: 91 }));
    const before = await rowsOf(602);
    expect(before.length).toBeGreaterThan(1);
    expect(before.some((row) => row.state === 'scheduled')).toBe(true);
    const request: CustomerDeletionRequested = { requestId: randomUUID(), customerId: 91, email: 'erin.gone@example.com', phoneDigits: '9045550177', requestedAt: clock.now().toISOString() };
    for (const messageId of [randomUUID(), randomUUID()]) {
      expect((await injectEffect(notifications.service.app, { from: 'accounts', topic: customerDeletionRequestedTopic, payload: request, messageId })).statusCode).toBe(200);
    }
    const after = await rowsOf(602);
    expect(after.map((row) => ({ recipient: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body, calendar: row.calendar, removed: row.body_removed_at !== null }))).toEqual(
      before.map(() => ({ recipient: erasedRecipient, subject: '', text: '', html: '', calendar: null, removed: true })),
    );
    expect(after.filter((row) => before.find((was) => was.id === row.id)!.state === 'scheduled').map((row) => row.state)).toEqual(
      before.filter((row) => row.state === 'scheduled').map(() => 'withdrawn'),
    );
    expect(await notifications.service.db.selectFrom('appointment_contacts').select('appointment_id').where('appointment_id', '=', 602).execute()).toEqual([]);
    // Booking's later news of the erased visit (the office cancels it) writes to no one and keeps no contact.
    await deliver(notifications.service, changedEvent(602, 2, { change: 'cancelled', status: 'cancelled', email: '', customerName: 'Deleted customer', phone: '', address: '', customerId: null }));
    expect((await rowsOf(602)).length).toBe(after.length);
    expect(await notifications.service.db.selectFrom('appointment_contacts').select('appointment_id').where('appointment_id', '=', 602).execute()).toEqual([]);
    // Another customer's messages stay.
    expect((await rowsOf(601)).every((row) => row.recipient === 'kept@example.com')).toBe(true);

    const reports = (await publishedEffects<CustomerDeletionCompleted>(notifications.service.database, customerDeletionCompletedTopic)).filter((report) => report.requestId === request.requestId);
    expect(reports).toHaveLength(2);
    expect(reports[0]!.summary).toMatch(new RegExp(`^${before.length} message\\(s\\) erased from the delivery log`));
    expect(reports[1]!.summary).toMatch(/contacts of 0 appointment\(s\)/);
  });

  it('is taken from accounts only', async () => {
    const request = { requestId: randomUUID(), customerId: 1, email: 'kept@example.com', phoneDigits: '', requestedAt: clock.now().toISOString() };
    expect((await injectEffect(notifications.service.app, { from: 'booking', topic: customerDeletionRequestedTopic, payload: request })).statusCode).toBe(403);
    expect((await rowsOf(601)).every((row) => row.recipient === 'kept@example.com')).toBe(true);
  });
});
