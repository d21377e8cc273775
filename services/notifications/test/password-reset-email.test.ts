import { expect, it } from 'vitest';
import { business, passwordResetRequestedTopic, passwordResetPagePath, type PasswordResetRequested } from '@repo/contracts';
import { accountsEmailSentOnce, expectAccountsEventsRefused, notificationsForTests } from './helpers.ts';

const notifications = notificationsForTests({ PORTAL_ORIGIN: 'http://localhost:8081' });

/** `account.password-reset-requested` as accounts publishes it. */
const requested: PasswordResetRequested = {
  requestId: '0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d90',
  email: 'rae@example.com',
  customerName: 'Rae Lin',
  token: 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-',
  // 10:30 AM Eastern (EST).
  expiresAt: '2026-12-01T15:30:00.000Z',
};

it('sends one email with the link to the portal’s reset page, even when the event is delivered twice', async () => {
  const { mail, row } = await accountsEmailSentOnce(notifications, { topic: passwordResetRequestedTopic, payload: requested, key: `password-reset.${requested.requestId}` });
  expect(mail.subject).toBe(`Choose a new password for your ${business.name} account`);
  expect(mail.to).toMatchObject({ text: 'rae@example.com' });
  expect(row).toMatchObject({ kind: 'password-reset', recipient: 'rae@example.com' });

  // The link, in both parts, opens the portal's reset page with the token the event carried.
  const link = `http://localhost:8081${passwordResetPagePath}?token=${requested.token}`;
  expect(mail.html).toContain(`href="${link}"`);
  const written = /http:\/\/localhost:8081\/reset-password\?token=([\w%-]+)/.exec(mail.text!);
  expect(written, mail.text!).not.toBeNull();
  expect(new URL(written![0]).searchParams.get('token')).toBe(requested.token);
  for (const part of [mail.text!, mail.html as string]) {
    expect(part).toContain('Hi Rae,');
    expect(part).toContain('30 minutes (until 10:30 AM ET)');
    expect(part).toContain(business.phoneDisplay);
  }
  // Readable with images off (there are none); no password or other account detail in it.
  expect(mail.html).toMatch(/<html[^>]* lang="en"/);
  expect(mail.html).not.toMatch(/<img\b/i);
});

it('refuses an event that is not what accounts sends, and sends nothing for it', async () => {
  await expectAccountsEventsRefused(notifications, {
    topic: passwordResetRequestedTopic,
    malformed: { payload: { ...requested, requestId: 'not-a-uuid', token: 'x' }, key: 'password-reset.not-a-uuid' },
    fromBooking: { payload: { ...requested, requestId: '0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d91' }, key: 'password-reset.0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d91' },
  });
});
