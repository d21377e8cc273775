import { expect, it } from 'vitest';
import { business, passwordResetRequestedTopic, passwordResetPagePath, type PasswordResetRequested } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { notificationsForTests } from './helpers.ts';

const notifications = notificationsForTests({ PORTAL_ORIGIN: 'http://localhost:8081' });
const { smtp } = notifications;

/** `account.password-reset-requested` as accounts publishes it. */
const requested: PasswordResetRequested = {
  requestId: '0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d90',
  email: 'rae@example.com',
  customerName: 'Rae Lin',
  token: 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-',
  // 10:30 AM Eastern (EST).
  expiresAt: '2026-12-01T15:30:00.000Z',
};

async function deliver(payload: unknown, messageId?: string) {
  const response = await injectEffect(notifications.service.app, { from: 'accounts', topic: passwordResetRequestedTopic, payload, ...(messageId ? { messageId } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { status: 'applied' | 'duplicate' };
}

const resetMails = () => smtp.mails.filter((mail) => mail.messageId?.startsWith('<password-reset.'));
const rowsOf = (requestId: string) => notifications.service.db.selectFrom('messages').selectAll().where('message_key', '=', `password-reset.${requestId}`).execute();

it('sends one email with the link to the portal’s reset page, even when the event is delivered twice', async () => {
  expect(await deliver(requested, '1d7e0c4a-0000-4000-8000-000000000001')).toMatchObject({ status: 'applied' });
  expect(await deliver(requested, '1d7e0c4a-0000-4000-8000-000000000001')).toMatchObject({ status: 'duplicate' });
  expect(await deliver(requested)).toMatchObject({ status: 'applied' });

  await expect.poll(async () => (await rowsOf(requested.requestId)).map((row) => row.state), { timeout: 20_000 }).toEqual(['sent']);
  expect(resetMails()).toHaveLength(1);
  const [mail] = resetMails();
  expect(mail!.subject).toBe(`Choose a new password for your ${business.name} account`);
  expect(mail!.to).toMatchObject({ text: 'rae@example.com' });
  expect(mail!.messageId).toBe(`<password-reset.${requested.requestId}@staugustineappliancerepair.com>`);
  expect((await rowsOf(requested.requestId))[0]).toMatchObject({ kind: 'password-reset', channel: 'email', recipient: 'rae@example.com', appointment_id: null });

  // The link, in both parts, opens the portal's reset page with the token the event carried.
  const link = `http://localhost:8081${passwordResetPagePath}?token=${requested.token}`;
  expect(mail!.html).toContain(`href="${link}"`);
  const written = /http:\/\/localhost:8081\/reset-password\?token=([\w%-]+)/.exec(mail!.text!);
  expect(written, mail!.text!).not.toBeNull();
  expect(new URL(written![0]).searchParams.get('token')).toBe(requested.token);
  for (const part of [mail!.text!, mail!.html as string]) {
    expect(part).toContain('Hi Rae,');
    expect(part).toContain('30 minutes (until 10:30 AM ET)');
    expect(part).toContain(business.phoneDisplay);
  }
  // Readable with images off (there are none); no password or other account detail in it.
  expect(mail!.html).toMatch(/<html[^>]* lang="en"/);
  expect(mail!.html).not.toMatch(/<img\b/i);
});

it('refuses an event that is not what accounts sends, and sends nothing for it', async () => {
  const before = smtp.mails.length;
  const response = await injectEffect(notifications.service.app, { from: 'accounts', topic: passwordResetRequestedTopic, payload: { ...requested, requestId: 'not-a-uuid', token: 'x' } });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const fromBooking = await injectEffect(notifications.service.app, { from: 'booking', topic: passwordResetRequestedTopic, payload: { ...requested, requestId: '0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d91' } });
  expect(fromBooking.statusCode).toBeGreaterThanOrEqual(400);
  expect(await rowsOf('0b9c2f4e-5a61-4c1f-9d2e-7f1a3b5c8d91')).toEqual([]);
  expect(smtp.mails.length).toBe(before);
});
