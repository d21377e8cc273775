import { expect, it } from 'vitest';
import { business, registrationRequestedTopic, type RegistrationRequested } from '@repo/contracts';
import { accountsEmailSentOnce, expectAccountsEventsRefused, notificationsForTests } from './helpers.ts';

const notifications = notificationsForTests({ PORTAL_ORIGIN: 'http://localhost:8081' });

/** `account.registration-requested` as accounts publishes it, for a new email and for one that has an account. */
const proof: Extract<RegistrationRequested, { purpose: 'email-proof' }> = {
  purpose: 'email-proof',
  requestId: '3f1c2a4e-5a61-4c1f-9d2e-7f1a3b5c8d90',
  email: 'pat@example.com',
  customerName: 'Pat Rivera',
  token: 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-',
  // 10:30 AM Eastern (EST).
  expiresAt: '2026-12-01T15:30:00.000Z',
};
const attempt: RegistrationRequested = { purpose: 'registration-attempt', requestId: '3f1c2a4e-5a61-4c1f-9d2e-7f1a3b5c8d91', email: 'olive@example.com', customerName: 'Olive Owner' };

/** The one email the event sent, however often it is delivered. */
async function sentOnce(event: RegistrationRequested) {
  const { mail, row } = await accountsEmailSentOnce(notifications, { topic: registrationRequestedTopic, payload: event, key: `registration.${event.requestId}` });
  expect(row).toMatchObject({ kind: event.purpose, recipient: event.email });
  return mail;
}

it('sends a new email one confirmation email with the link to the portal’s confirmation page, even when the event is delivered twice', async () => {
  const mail = await sentOnce(proof);
  expect(mail.subject).toBe(`Confirm your email to finish creating your ${business.name} account`);
  // The link, in both parts, opens the portal's confirmation page with the token the event carried, in its fragment.
  const link = `http://localhost:8081/confirm-email#token=${proof.token}`;
  expect(mail.html).toContain(`href="${link}"`);
  const written = /http:\/\/localhost:8081\/confirm-email#token=([\w%-]+)/.exec(mail.text!);
  expect(written, mail.text!).not.toBeNull();
  expect(decodeURIComponent(written![1]!)).toBe(proof.token);
  for (const part of [mail.text!, mail.html as string]) {
    expect(part).toContain('Hi Pat,');
    expect(part).toContain('30 minutes (until 10:30 AM ET)');
    expect(part).toContain('it asks for the password you chose when you registered');
    expect(part).toContain('Did not register? Someone may have typed your email, by mistake or not. Ignore this email: no account is created without both the link and the password chosen when registering.');
  }
});

it('tells the owner of an email that has an account that someone tried, with the links to log in and to reset the password', async () => {
  const mail = await sentOnce(attempt);
  expect(mail.subject).toBe(`Someone tried to create a ${business.name} account with your email`);
  expect(mail.html).toContain('href="http://localhost:8081/login"');
  expect(mail.html).toContain('href="http://localhost:8081/forgot-password"');
  for (const part of [mail.text!, mail.html as string]) {
    expect(part).toContain('Hi Olive,');
    expect(part).toContain('someone tried to create a customer portal account with this email');
    expect(part).toContain('http://localhost:8081/forgot-password');
    expect(part).toContain(business.phoneDisplay);
    expect(part).not.toContain('confirm-email');
  }
});

it('refuses an event that is not what accounts sends, and sends nothing for it', async () => {
  await expectAccountsEventsRefused(notifications, {
    topic: registrationRequestedTopic,
    malformed: { payload: { ...proof, requestId: '3f1c2a4e-5a61-4c1f-9d2e-7f1a3b5c8d92', token: 'x' }, key: 'registration.3f1c2a4e-5a61-4c1f-9d2e-7f1a3b5c8d92' },
    fromBooking: { payload: { ...attempt, requestId: '3f1c2a4e-5a61-4c1f-9d2e-7f1a3b5c8d93' }, key: 'registration.3f1c2a4e-5a61-4c1f-9d2e-7f1a3b5c8d93' },
  });
});
