import { describe, expect, it } from 'vitest';
import {
  business,
  passwordResetPagePath,
  passwordResetRequestedTopic,
  signInLinkPagePath,
  signInLinkRequestedTopic,
  type PasswordResetRequested,
} from '@repo/contracts';
import { accountsEmailSentOnce, expectAccountsEventsRefused, notificationsForTests } from './helpers.ts';

const notifications = notificationsForTests({ PORTAL_ORIGIN: 'http://localhost:8081' });

/** An emailed link's request as accounts publishes it (a reset and a sign-in link carry the same fields). */
const requested = (requestId: string): PasswordResetRequested => ({
  requestId,
  email: 'rae@example.com',
  customerName: 'Rae Lin',
  token: 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-',
  // 10:30 AM Eastern (EST).
  expiresAt: '2026-12-01T15:30:00.000Z',
});

/** What each link's email is: its topic, message key prefix and kind, subject, and how the link carries the token. */
const links = [
  {
    name: 'password reset',
    topic: passwordResetRequestedTopic,
    kind: 'password-reset',
    subject: `Choose a new password for your ${business.name} account`,
    link: (token: string) => `http://localhost:8081${passwordResetPagePath}?token=${token}`,
    written: /http:\/\/localhost:8081\/reset-password\?token=[\w%-]+/,
    tokenOf: (url: URL) => url.searchParams.get('token'),
    requestIds: ['0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d90', '0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d91'],
  },
  {
    name: 'sign-in link',
    topic: signInLinkRequestedTopic,
    kind: 'sign-in-link',
    subject: `Your sign-in link for ${business.name}`,
    link: (token: string) => `http://localhost:8081${signInLinkPagePath}#token=${token}`,
    written: /http:\/\/localhost:8081\/sign-in-link#token=[\w%-]+/,
    tokenOf: (url: URL) => new URLSearchParams(url.hash.slice(1)).get('token'),
    requestIds: ['5d1e7a0c-3b2f-4e8d-a9c6-1f4b7e2d9a30', '5d1e7a0c-3b2f-4e8d-a9c6-1f4b7e2d9a31'],
  },
] as const;

describe.each(links)('the $name email', ({ topic, kind, subject, link, written, tokenOf, requestIds: [requestId, otherId] }) => {
  const event = requested(requestId);

  it('is sent once with the link to its portal page, even when the event is delivered twice', async () => {
    const { mail, row } = await accountsEmailSentOnce(notifications, { topic, payload: event, key: `${kind}.${requestId}` });
    expect(mail.subject).toBe(subject);
    expect(mail.to).toMatchObject({ text: 'rae@example.com' });
    expect(row).toMatchObject({ kind, recipient: 'rae@example.com' });

    // The link, in both parts, opens the portal's page with the token the event carried.
    expect(mail.html).toContain(`href="${link(event.token)}"`);
    const address = written.exec(mail.text!);
    expect(address, mail.text!).not.toBeNull();
    expect(tokenOf(new URL(address![0]))).toBe(event.token);
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain('Hi Rae,');
      expect(part).toContain('30 minutes (until 10:30 AM ET)');
      expect(part).toContain(business.phoneDisplay);
    }
    // Readable with images off (there are none); no password or other account detail in it.
    expect(mail.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail.html).not.toMatch(/<img\b/i);

    // Staff reading the message log see the link without its token: with it, they could act as the customer.
    const staff = { authorization: notifications.service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) };
    const detail = await notifications.service.app.inject({ method: 'GET', url: `/api/notifications/messages/${row.id}`, headers: staff });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(event.token);
    expect(detail.json().textBody).toContain('token=withheld');
  });

  it('is refused for an event that is not what accounts sends, and nothing is sent for it', async () => {
    await expectAccountsEventsRefused(notifications, {
      topic,
      malformed: { payload: { ...event, requestId: 'not-a-uuid', token: 'x' }, key: `${kind}.not-a-uuid` },
      fromBooking: { payload: requested(otherId), key: `${kind}.${otherId}` },
    });
  });
});
