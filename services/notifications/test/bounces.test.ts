import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@repo/service-kit/testing';
import { bounceAddresses, bounceOf } from '../src/domain/bounces.ts';
import { changedEvent, deliver, messagesOf, startNotifications, TestSmtpServer, type NotificationsTestService } from './helpers.ts';

const bounceAddress = 'bounces@staugustineappliancerepair.com';

/** A delivery-status notification (RFC 3464) as a receiving server sends one back to the envelope sender. */
function deliveryReport(to: string, { action, status, diagnostic }: { action: string; status: string; diagnostic?: string }): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net. Your message could not be delivered.',
    '',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Mon, 30 Nov 2026 12:00:00 -0500',
    '',
    'Final-Recipient: rfc822; gone@example.net',
    'Original-Recipient: rfc822; gone@example.net',
    `Action: ${action}`,
    `Status: ${status}`,
    ...(diagnostic ? [`Diagnostic-Code: smtp; ${diagnostic}`] : []),
    '',
    '--b1',
    'Content-Type: text/rfc822-headers',
    '',
    'Subject: Your appointment is booked',
    '',
    '--b1--',
    '',
  ].join('\r\n');
}

describe('bounce addresses', () => {
  const addresses = bounceAddresses(bounceAddress, 'a-service-key-of-thirty-two-characters');
  it('name the message in a signed local part, and read back only what they signed', () => {
    const address = addresses.addressFor(42);
    expect(address).toMatch(/^bounces\+42\.[0-9a-f]{16}@staugustineappliancerepair\.com$/);
    expect(addresses.messageIdOf(address)).toBe(42);
    expect(addresses.messageIdOf(address.toUpperCase().replace('BOUNCES', 'bounces'))).toBe(42);
    expect(addresses.messageIdOf(address.replace('+42.', '+43.'))).toBeUndefined();
    expect(addresses.messageIdOf(address.replace('@staugustineappliancerepair.com', '@elsewhere.example'))).toBeUndefined();
    expect(addresses.messageIdOf(bounceAddress)).toBeUndefined();
    expect(addresses.messageIdOf('bounces+42.zzzz@staugustineappliancerepair.com')).toBeUndefined();
    expect(bounceAddresses(bounceAddress, 'another-key-of-thirty-two-characters!').messageIdOf(address)).toBeUndefined();
  });
});

describe('reading a delivery report', () => {
  it('finds the failed recipient’s status and diagnostic, and nothing in a delay, a success or an ordinary reply', () => {
    const failed = deliveryReport('b@example.com', { action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 <gone@example.net>: Recipient address rejected' });
    expect(bounceOf(failed)).toEqual({ status: '5.1.1', diagnostic: '550 5.1.1 <gone@example.net>: Recipient address rejected' });
    expect(bounceOf(deliveryReport('b@example.com', { action: 'delayed', status: '4.4.1' }))).toBeUndefined();
    expect(bounceOf(deliveryReport('b@example.com', { action: 'delivered', status: '2.0.0' }))).toBeUndefined();
    expect(bounceOf('From: a@example.net\r\nSubject: Out of office\r\n\r\nBack Monday.\r\n')).toBeUndefined();
    // Folded headers, a quoted boundary and LF line ends, as some servers write them.
    expect(bounceOf(deliveryReport('b@example.com', { action: 'failed', status: '5.2.2' }).replaceAll('\r\n', '\n').replace('; boundary=', ';\n  boundary='))).toEqual({ status: '5.2.2', diagnostic: null });
  });
});

describe('bounces mailed back after the relay took the email', () => {
  const smtp = new TestSmtpServer();
  let service: NotificationsTestService;
  let bouncePort = 0;
  beforeAll(async () => {
    await smtp.start();
    bouncePort = await freePort();
    service = await startNotifications(smtp.port, { NOTIFICATIONS_BOUNCE_ADDRESS: bounceAddress, NOTIFICATIONS_BOUNCE_SMTP_PORT: String(bouncePort) });
  });
  afterAll(async () => {
    await service?.close();
    await smtp.stop();
  });

  /** Mails `raw` to the bounce server for `to`, as the receiving server's MTA does (empty envelope sender). */
  async function mailBack(to: string, raw: string) {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: bouncePort, secure: false, ignoreTLS: true });
    try {
      return await transport.sendMail({ envelope: { from: '', to }, raw });
    } finally {
      transport.close();
    }
  }

  /** Books visit `id` and waits for its confirmation at the relay: the message's row and its envelope sender. */
  async function confirmationOf(id: number) {
    await deliver(service, changedEvent(id, 1, { email: `visit${id}@example.com` }));
    await expect.poll(async () => (await messagesOf(service, id)).map((row) => row.state), { timeout: 20_000 }).toEqual(['sent']);
    const [row] = await messagesOf(service, id);
    const mail = smtp.mails.find((caught) => caught.to && !Array.isArray(caught.to) && caught.to.text === `visit${id}@example.com`)!;
    return { row: row!, returnPath: smtp.envelopeSender(mail) };
  }

  it('sends each email from its own signed bounce address, and a report of a failed delivery fails it, in its attempts too', async () => {
    const { row, returnPath } = await confirmationOf(4101);
    expect(returnPath).toMatch(new RegExp(`^bounces\\+${row.id}\\.[0-9a-f]{16}@staugustineappliancerepair\\.com$`));
    await mailBack(returnPath, deliveryReport(returnPath, { action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 User unknown' }));
    const [failed] = await messagesOf(service, 4101);
    expect(failed).toMatchObject({ state: 'failed', last_error: 'Bounced after the relay took it (5.1.1): 550 5.1.1 User unknown' });
    const attempts = await service.db.selectFrom('message_attempts').select(['outcome', 'error']).where('message_id', '=', row.id).orderBy('id').execute();
    expect(attempts).toEqual([
      { outcome: 'sent', error: null },
      { outcome: 'failed', error: 'Bounced after the relay took it (5.1.1): 550 5.1.1 User unknown' },
    ]);
    // A second report of the same bounce changes nothing more.
    await mailBack(returnPath, deliveryReport(returnPath, { action: 'failed', status: '5.1.1' }));
    expect(await service.db.selectFrom('message_attempts').select('id').where('message_id', '=', row.id).execute()).toHaveLength(2);
  });

  it('changes nothing for a delay, a success report or an out-of-office reply', async () => {
    const { row, returnPath } = await confirmationOf(4102);
    await mailBack(returnPath, deliveryReport(returnPath, { action: 'delayed', status: '4.4.1' }));
    await mailBack(returnPath, deliveryReport(returnPath, { action: 'delivered', status: '2.0.0' }));
    await mailBack(returnPath, `From: visit4102@example.com\r\nTo: ${returnPath}\r\nSubject: Out of office\r\n\r\nBack Monday.\r\n`);
    expect((await messagesOf(service, 4102))[0]).toMatchObject({ id: row.id, state: 'sent', last_error: null });
  });

  it('refuses mail for any other address, or one with a made-up signature, before it is sent', async () => {
    const { row, returnPath } = await confirmationOf(4103);
    const forged = returnPath.replace(/\.[0-9a-f]{16}@/, '.0000000000000000@');
    await expect(mailBack(forged, deliveryReport(forged, { action: 'failed', status: '5.1.1' }))).rejects.toMatchObject({ responseCode: 550 });
    await expect(mailBack(bounceAddress, deliveryReport(bounceAddress, { action: 'failed', status: '5.1.1' }))).rejects.toMatchObject({ responseCode: 550 });
    expect((await messagesOf(service, 4103))[0]).toMatchObject({ id: row.id, state: 'sent' });
  });
});
