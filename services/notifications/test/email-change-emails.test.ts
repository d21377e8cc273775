import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { business, emailChangeTopic, messagePreferencesPath, type EmailChange, type TopicChoices } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { maskedEmail } from '../src/domain/masked-email.ts';
import { turnOff } from '../src/repositories/preference-repository.ts';
import { accountsEmailSentOnce, expectAccountsEventsRefused, notificationsForTests } from './helpers.ts';

const notifications = notificationsForTests({ PORTAL_ORIGIN: 'http://localhost:8081' });

/** `account.email-change` as accounts publishes it: the link to the new address, the note to one that has an account, the notice to the old one. */
const proof: Extract<EmailChange, { purpose: 'proof' }> = {
  purpose: 'proof',
  requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c50',
  email: 'pat.new@example.net',
  customerName: 'Pat Rivera',
  token: 'Zm9vYmFyLXRva2VuLXdpdGgtNDMtY2hhcmFjdGVycw-',
  // 10:30 AM Eastern (EST).
  expiresAt: '2026-12-01T15:30:00.000Z',
};
const attempt: EmailChange = { purpose: 'attempt', requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c51', email: 'olive@example.com', customerName: 'Olive Owner' };
const changed: EmailChange = { purpose: 'changed', requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c52', email: 'pat.old@example.com', newEmail: 'pat.new@example.net', customerName: 'Pat Rivera' };

const kindOf = { proof: 'email-change-proof', attempt: 'email-change-attempt', changed: 'email-changed' } as const;
const staff = () => ({ authorization: notifications.service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) });

/** The one email the event sent, however often it is delivered, stored under the change's key and purpose with its kind. */
async function sentOnce(event: EmailChange) {
  const { mail, row } = await accountsEmailSentOnce(notifications, { topic: emailChangeTopic, payload: event, key: `email-change.${event.requestId}.${event.purpose}` });
  expect(row).toMatchObject({ kind: kindOf[event.purpose], recipient: event.email });
  expect(mail.to).toMatchObject({ text: event.email });
  return { mail, row, parts: [mail.text!, mail.html as string] };
}

describe('the email change emails', () => {
  it('sends the new address one confirmation email with the link to the portal’s page, even when the event is delivered twice', async () => {
    const { mail, row, parts } = await sentOnce(proof);
    expect(mail.subject).toBe(`Confirm your new email for your ${business.name} account`);
    // The link, in both parts, opens the portal's email change page with the token the event carried, in its fragment.
    expect(mail.html).toContain(`href="http://localhost:8081/confirm-email-change#token=${proof.token}"`);
    const written = /http:\/\/localhost:8081\/confirm-email-change#token=([\w%-]+)/.exec(mail.text!);
    expect(written, mail.text!).not.toBeNull();
    expect(decodeURIComponent(written![1]!)).toBe(proof.token);
    for (const part of parts) {
      expect(part).toContain('Hi Pat,');
      expect(part).toContain('it asks for your account’s password');
      expect(part).toContain('It works once, for 30 minutes (until 10:30 AM ET)');
      expect(part).toContain('Did not ask for this? Ignore this email: nothing changes without both the link and the account’s password.');
      expect(part).toContain(business.phoneDisplay);
    }
    expect(mail.html).toMatch(/<h1[^>]*>Confirm your new email<\/h1>/);
    expect(mail.html).not.toMatch(/<img\b/i);

    // Staff reading the message log see the link without its token: with it and the password, the account moves.
    const detail = await notifications.service.app.inject({ method: 'GET', url: `/api/notifications/messages/${row.id}`, headers: staff() });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(proof.token);
    expect(detail.json().textBody).toContain('confirm-email-change#token=withheld');
  });

  it('tells the owner of an address that has an account that someone tried to move another account to it, with the links to log in and reset the password', async () => {
    const { mail, parts } = await sentOnce(attempt);
    expect(mail.subject).toBe(`Someone tried to move another ${business.name} account to your email`);
    expect(mail.html).toContain('href="http://localhost:8081/login"');
    expect(mail.html).toContain('href="http://localhost:8081/forgot-password"');
    for (const part of parts) {
      expect(part).toContain('Hi Olive,');
      expect(part).toContain('someone asked to move another customer portal account to this email');
      expect(part).toContain('nothing changed: your account and password are as they were');
      expect(part).toContain('http://localhost:8081/login');
      expect(part).toContain('http://localhost:8081/forgot-password');
      expect(part).toContain(business.phoneDisplay);
      expect(part).not.toContain('confirm-email-change');
      expect(part).not.toContain('token=');
    }
  });

  it('tells the old address the account now uses another email, masked, and whom to call if it was not them', async () => {
    const { mail, parts } = await sentOnce(changed);
    expect(mail.subject).toBe(`Your ${business.name} account email was changed`);
    expect(mail.html).toMatch(/<h1[^>]*>Your email was changed<\/h1>/);
    expect(mail.html).toContain(`href="tel:${business.phoneTel}"`);
    expect(mail.text).toContain(`If you did not make this change, call us right away at ${business.phoneDisplay}`);
    for (const part of parts) {
      expect(part).toContain('Hi Pat,');
      expect(part).toContain('p•••@example.net');
      expect(part).toContain('If you did not make this change, call us right away at');
      expect(part).toContain(business.phoneDisplay);
      // The new address is never written out: whoever reads the old inbox learns only enough for its owner to recognise it.
      expect(part).not.toContain('pat.new');
    }
    expect(mail.subject).not.toContain('pat.new');
  });

  it('refuses an event that is not what accounts sends, and sends nothing for it', async () => {
    await expectAccountsEventsRefused(notifications, {
      topic: emailChangeTopic,
      malformed: { payload: { ...changed, requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c53', newEmail: 'not an email' }, key: 'email-change.7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c53.changed' },
      fromBooking: { payload: { ...proof, requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c54' }, key: 'email-change.7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c54.proof' },
    });
  });
});

describe('message choices on an email change', () => {
  const preferencesOf = (owner: string) =>
    notifications.service.db.selectFrom('message_preferences').select(['topic', 'channel', 'turned_off_at', 'turned_off_by']).where('owner', '=', owner).orderBy('topic').orderBy('channel').execute();
  const before = new Date('2026-11-01T12:00:00.000Z');
  const lately = new Date('2026-11-20T12:00:00.000Z');

  it('carries the choices made under the old address over to the new one, keeping those the new address made', async () => {
    const db = notifications.service.db;
    // Under the old address: reminder emails, technician texts and the after-visit email turned off.
    await turnOff(db, 'sam.old@example.com', 'reminders', 'email', 'link', before);
    await turnOff(db, 'sam.old@example.com', 'visit-updates', 'sms', 'portal', before);
    await turnOff(db, 'sam.old@example.com', 'after-visit', 'email', 'one-click', before);
    // The new address had turned reminder emails off itself (a booking under it); someone else's choices are theirs.
    await turnOff(db, 'sam.new@example.net', 'reminders', 'email', 'portal', lately);
    await turnOff(db, 'someone.else@example.com', 'visit-updates', 'email', 'portal', before);

    // Accounts writes the addresses as the account had them and as typed: the owners are their lower case.
    const event: EmailChange = { purpose: 'changed', requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c60', email: 'Sam.Old@example.com', newEmail: 'Sam.New@Example.net', customerName: 'Sam Lee' };
    const { mail } = await accountsEmailSentOnce(notifications, { topic: emailChangeTopic, payload: event, key: `email-change.${event.requestId}.changed` });
    expect(mail.text).toContain('S•••@Example.net');

    const old = [
      { topic: 'after-visit', channel: 'email', turned_off_at: before, turned_off_by: 'one-click' },
      { topic: 'reminders', channel: 'email', turned_off_at: before, turned_off_by: 'link' },
      { topic: 'visit-updates', channel: 'sms', turned_off_at: before, turned_off_by: 'portal' },
    ];
    expect(await preferencesOf('sam.new@example.net')).toEqual([
      { topic: 'after-visit', channel: 'email', turned_off_at: before, turned_off_by: 'one-click' },
      // The new owner's own row, as it was.
      { topic: 'reminders', channel: 'email', turned_off_at: lately, turned_off_by: 'portal' },
      { topic: 'visit-updates', channel: 'sms', turned_off_at: before, turned_off_by: 'portal' },
    ]);
    // Copied, not moved: the old address keeps its choices; nobody else's are taken.
    expect(await preferencesOf('sam.old@example.com')).toEqual(old);
    expect(await preferencesOf('someone.else@example.com')).toHaveLength(1);

    // The customer, signed in under the new email, reads the choices carried over.
    const customer = { authorization: notifications.service.bearer({ sub: 'customer:41', role: 'customer', customerId: 41, email: 'Sam.New@Example.net', emailVerified: true }) };
    const read = await notifications.service.app.inject({ method: 'GET', url: messagePreferencesPath, headers: customer });
    expect(read.statusCode, read.body).toBe(200);
    const carried: TopicChoices = { reminders: { email: false, sms: true }, 'visit-updates': { email: true, sms: false }, 'after-visit': { email: false, sms: true } };
    expect(read.json()).toEqual({ email: 'sam.new@example.net', choices: carried });

    // The customer turns the after-visit email back on; the same event heard again later does not turn it off again.
    const turnedOn: TopicChoices = { ...carried, 'after-visit': { email: true, sms: true } };
    const saved = await notifications.service.app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer, payload: { choices: turnedOn } });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await injectEffect(notifications.service.app, { from: 'accounts', topic: emailChangeTopic, payload: event, messageId: randomUUID() });
    expect(again.statusCode, again.body).toBe(200);
    expect((await notifications.service.app.inject({ method: 'GET', url: messagePreferencesPath, headers: customer })).json()).toEqual({ email: 'sam.new@example.net', choices: turnedOn });
    expect(await db.selectFrom('messages').select('id').where('message_key', '=', `email-change.${event.requestId}.changed`).execute()).toHaveLength(1);
  });

  it('carries nothing over when the link is sent: only once the change is made', async () => {
    const db = notifications.service.db;
    await turnOff(db, 'kim.old@example.com', 'reminders', 'email', 'portal', before);
    const link: EmailChange = { ...proof, requestId: '7c4e1a2b-3d5f-4a6b-8c9d-0e1f2a3b4c61', email: 'kim.new@example.net', customerName: 'Kim Park' };
    await accountsEmailSentOnce(notifications, { topic: emailChangeTopic, payload: link, key: `email-change.${link.requestId}.proof` });
    expect(await preferencesOf('kim.new@example.net')).toEqual([]);
  });
});

describe('maskedEmail', () => {
  it('keeps the local part’s first character and the whole domain, and bullets the rest', () => {
    expect(maskedEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskedEmail('Jo.Smith+portal@Mail.Example.org')).toBe('J•••@Mail.Example.org');
  });

  it('does not tell the local part’s length', () => {
    expect(maskedEmail('j@example.com')).toBe('j•••@example.com');
    expect(maskedEmail('jonathan.alexander.smith@example.com')).toBe('j•••@example.com');
  });

  it('keeps the domain after the last @, and a first character outside the BMP whole', () => {
    expect(maskedEmail('"a@b"@example.com')).toBe('"•••@example.com');
    expect(maskedEmail('𝒥ane@example.com')).toBe('𝒥•••@example.com');
  });

  it('shows nothing of an address without a local part or without an @', () => {
    expect(maskedEmail('@example.com')).toBe('•••');
    expect(maskedEmail('nobody')).toBe('•••');
    expect(maskedEmail('')).toBe('•••');
  });
});
