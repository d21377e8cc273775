import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { business, invoiceLinkValidDays, invoiceSentTopic, type InvoiceSent, type MessageDetail, type MessageListResponse } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { invoiceEmailKey } from '../src/domain/visit-messages.ts';
import { notificationsForTests } from './helpers.ts';

/** Payments' `invoice.sent` heard by notifications, on real PostgreSQL and a real SMTP server. */
const notifications = notificationsForTests({ PORTAL_ORIGIN: 'https://portal.example.com' });

const sent = (invoiceId: number, overrides: Partial<InvoiceSent> = {}): InvoiceSent => ({
  invoiceId,
  number: `INV-2026-${String(invoiceId).padStart(4, '0')}`,
  appointmentId: 700 + invoiceId,
  customerName: 'Jordan Reyes',
  email: 'jordan@example.com',
  // The balance differs from the total here so the email is seen to state what is still owed.
  totalCents: 150_000,
  balanceCents: 123_450,
  // Tuesday 29 December 2026.
  dueDate: '2026-12-29',
  accessKey: randomBytes(32).toString('base64url'),
  visit: 'Bosch dishwasher (repair)',
  sentAt: '2026-12-15T15:00:00.000Z',
  ...overrides,
});

const fromPayments = (payload: object, messageId?: string, from: 'payments' | 'booking' = 'payments') =>
  injectEffect(notifications.service.app, { from, topic: invoiceSentTopic, payload, ...(messageId ? { messageId } : {}) });
const rowsKeyed = (key: string) => notifications.service.db.selectFrom('messages').selectAll().where('message_key', '=', key).orderBy('id').execute();
const mailsKeyed = (key: string) => notifications.smtp.mails.filter((mail) => mail.messageId === `<${key}@staugustineappliancerepair.com>`);
const staff = () => ({ authorization: notifications.service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) });

describe('an invoice sent', () => {
  const event = sent(41);
  const key = invoiceEmailKey(41);
  const link = `https://portal.example.com/invoices/41#access=${event.accessKey}`;

  it('emails the customer once, even when the event is delivered again (under its own or another message id)', async () => {
    expect(key).toBe('invoice.41');
    const messageId = randomUUID();
    const statuses = [];
    for (const id of [messageId, messageId, randomUUID()]) {
      const response = await fromPayments(event, id);
      expect(response.statusCode, response.body).toBe(200);
      statuses.push((response.json() as { status: string }).status);
    }
    expect(statuses).toEqual(['applied', 'duplicate', 'applied']);
    await expect.poll(async () => (await rowsKeyed(key)).map((row) => row.state), { timeout: 20_000, interval: 200 }).toEqual(['sent']);
    expect(await rowsKeyed(key)).toMatchObject([
      // Under its appointment, so the log lists it with the visit's messages; no version: it is written from the invoice.
      { message_key: key, kind: 'invoice', channel: 'email', recipient: 'jordan@example.com', appointment_id: 741, appointment_version: null, list_unsubscribe: null },
    ]);
    expect(mailsKeyed(key)).toHaveLength(1);
  });

  it('says what is owed, by when, and links to the invoice with its key', async () => {
    const [mail] = mailsKeyed(key);
    expect(mail!.subject).toBe(`Invoice INV-2026-0041 from ${business.name}: $1,234.50`);
    expect(mail!.to).toMatchObject({ text: 'jordan@example.com' });
    const text = mail!.text!;
    // The plain-text part writes headings in capitals.
    expect(text).toContain('YOUR INVOICE IS READY');
    expect(mail!.html).toMatch(/<h1[^>]*>Your invoice is ready<\/h1>/);
    expect(text).toContain(`Hello Jordan Reyes, thank you for choosing ${business.name}. Your invoice for the visit to your Bosch dishwasher (repair) is ready.`);
    for (const part of [text, mail!.html as string]) {
      for (const fact of ['INV-2026-0041', '$1,234.50', 'Tuesday, December 29, 2026', link]) expect(part).toContain(fact);
    }
    expect(text).not.toContain('$1,500.00');
    expect(text).toContain('View and pay your invoice');
    expect(text).toContain(`This link works for ${invoiceLinkValidDays} days`);
    expect(text).toContain(`You can also pay by phone: call us at ${business.phoneDisplay}.`);
  });

  it('is always sent: no unsubscribe link and no List-Unsubscribe header', async () => {
    const [mail] = mailsKeyed(key);
    expect(mail!.headers.get('list-unsubscribe')).toBeUndefined();
    expect(mail!.headers.get('list-unsubscribe-post')).toBeUndefined();
    expect(mail!.text).not.toMatch(/unsubscribe/i);
    expect(mail!.html).not.toMatch(/unsubscribe|message-preferences/i);
  });

  it('shows staff the email without the link’s key, listed under its appointment; a resend carries the key', async () => {
    const [row] = await rowsKeyed(key);
    const detail = await notifications.service.app.inject({ method: 'GET', url: `/api/notifications/messages/${row!.id}`, headers: staff() });
    expect(detail.statusCode, detail.body).toBe(200);
    const shown = detail.json() as MessageDetail;
    expect(shown).toMatchObject({ kind: 'invoice', appointmentId: 741 });
    for (const part of [shown.textBody!, shown.htmlBody!]) {
      expect(part).toContain('https://portal.example.com/invoices/41#access=withheld');
      expect(part).not.toContain(event.accessKey);
    }
    const listed = await notifications.service.app.inject({ method: 'GET', url: '/api/notifications/messages?appointmentId=741', headers: staff() });
    expect((listed.json() as MessageListResponse).items.map((item) => item.id)).toEqual([row!.id]);

    const resent = await notifications.service.app.inject({ method: 'POST', url: `/api/notifications/messages/${row!.id}/resend`, headers: staff(), payload: {} });
    expect(resent.statusCode, resent.body).toBe(201);
    await expect.poll(() => mailsKeyed(`${key}.resend-1`).length, { timeout: 20_000, interval: 200 }).toBe(1);
    expect(mailsKeyed(`${key}.resend-1`)[0]!.text).toContain(link);
    expect((await rowsKeyed(`${key}.resend-1`))[0]).toMatchObject({ kind: 'invoice', appointment_id: 741, appointment_version: null });
  });

  it('sends nothing when the visit has no email', async () => {
    for (const [invoiceId, email] of [[42, null], [43, ''], [44, '  ']] as const) {
      const response = await fromPayments(sent(invoiceId, { email }));
      expect(response.statusCode, response.body).toBe(200);
      expect(await rowsKeyed(invoiceEmailKey(invoiceId))).toEqual([]);
    }
  });

  it('refuses the topic from anyone but payments, and a malformed event', async () => {
    const before = notifications.smtp.mails.length;
    expect((await fromPayments(sent(45), undefined, 'booking')).statusCode).toBe(403);
    const malformed = await fromPayments({ ...sent(46), accessKey: 'short' });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect(await rowsKeyed(invoiceEmailKey(45))).toEqual([]);
    expect(await rowsKeyed(invoiceEmailKey(46))).toEqual([]);
    expect(notifications.smtp.mails.length).toBe(before);
  });
});
