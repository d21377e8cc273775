import { expect, it } from 'vitest';
import { business, signInFailuresTopic, type SignInFailures } from '@repo/contracts';
import { accountsEmailSentOnce, expectAccountsEventsRefused, notificationsForTests } from './helpers.ts';

const notifications = notificationsForTests({ PORTAL_ORIGIN: 'http://localhost:8081' });

/** `account.sign-in-failures` as accounts publishes it, for a customer and for a back-office sign-in. */
const customerAlert: SignInFailures = {
  alertId: '5d2a7c1e-4b3f-4e8a-9c6d-1f0e2b3a4c50',
  scope: 'customer',
  email: 'olive@example.com',
  firstName: 'Olive',
  failures: 10,
  windowMinutes: 15,
  at: '2026-12-01T15:00:00.000Z',
};
const backOfficeAlert: SignInFailures = { ...customerAlert, alertId: '5d2a7c1e-4b3f-4e8a-9c6d-1f0e2b3a4c51', scope: 'back-office', email: 'owner@example.com', firstName: null, failures: 12 };

const subject = `Someone is trying to sign in to your ${business.name} account`;
const sentOnce = async (alert: SignInFailures) => {
  const { mail, row } = await accountsEmailSentOnce(notifications, { topic: signInFailuresTopic, payload: alert, key: `sign-in-alert.${alert.alertId}` });
  expect(row).toMatchObject({ kind: 'sign-in-alert', recipient: alert.email, subject });
  expect(mail.subject).toBe(subject);
  return mail;
};

it('tells a customer how many wrong passwords were tried, that the account is protected, and links the reset page, once however often it is delivered', async () => {
  const mail = await sentOnce(customerAlert);
  expect(mail.html).toContain('href="http://localhost:8081/forgot-password"');
  for (const part of [mail.text!, mail.html as string]) {
    expect(part).toContain('Hi Olive,');
    expect(part).toContain(`someone has been trying to sign in to your ${business.name} customer portal account with wrong passwords`);
    expect(part).toContain('olive@example.com');
    expect(part).toContain('10 in the last 15 minutes');
    expect(part).toContain('Your account is protected');
    expect(part).toContain('still works as usual');
    expect(part).toContain('Was it you, mistyping your password? Then there is nothing to do.');
    expect(part).toContain('http://localhost:8081/forgot-password');
    expect(part).toContain(business.phoneDisplay);
  }
  expect(mail.html).not.toMatch(/<img\b/i);
});

it('sends a back-office sign-in’s owner to an administrator for a new password, with no portal link', async () => {
  const mail = await sentOnce(backOfficeAlert);
  for (const part of [mail.text!, mail.html as string]) {
    expect(part).toContain(`Hello, someone has been trying to sign in to your ${business.name} back-office sign-in with wrong passwords`);
    expect(part).toContain('12 in the last 15 minutes');
    expect(part).toContain('ask an administrator to set you a new one');
    expect(part).not.toContain('forgot-password');
    expect(part).toContain(business.phoneDisplay);
  }
});

it('refuses an event that is not what accounts sends, and sends nothing for it', async () => {
  await expectAccountsEventsRefused(notifications, {
    topic: signInFailuresTopic,
    malformed: { payload: { ...customerAlert, alertId: '5d2a7c1e-4b3f-4e8a-9c6d-1f0e2b3a4c52', failures: 0 }, key: 'sign-in-alert.5d2a7c1e-4b3f-4e8a-9c6d-1f0e2b3a4c52' },
    fromBooking: { payload: { ...customerAlert, alertId: '5d2a7c1e-4b3f-4e8a-9c6d-1f0e2b3a4c53' }, key: 'sign-in-alert.5d2a7c1e-4b3f-4e8a-9c6d-1f0e2b3a4c53' },
  });
});
