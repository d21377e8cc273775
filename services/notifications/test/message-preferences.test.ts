import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import {
  messagePreferencesByKeyPath,
  messagePreferencesPath,
  notificationMessagePath,
  preferenceMessages,
  technicianEnRouteTopic,
  type MessagePreferences,
  type TopicChoices,
} from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { turnedOffReason } from '../src/repositories/preference-repository.ts';
import { changedEvent, deliver, messagesOf, remindersOf, testClock } from './helpers.ts';
import { smsForTests } from './sms-helpers.ts';

// Noon Eastern on Monday 30 November 2026, outside quiet hours; the visits are on Tuesday 1 December, 8:00–10:00.
const clock = testClock('2026-11-30T12:00:00-05:00');
const notifications = smsForTests({ WEB_ORIGIN: 'https://www.example.com' }, clock.now);
const service = () => notifications.service;
const texted = (appointmentId: number, email: string, phone: string) => changedEvent(appointmentId, 1, { email, phone, smsConsent: true, smsConsentText: 'Text me' });
const mailsKeyed = (key: string) => notifications.smtp.mails.filter((mail) => mail.messageId === `<${key}@staugustineappliancerepair.com>`);
/** A header's line as sent, unfolded (a long one is folded onto several lines). */
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
const allOn: TopicChoices = { reminders: { email: true, sms: true }, 'visit-updates': { email: true, sms: true }, 'after-visit': { email: true, sms: true } };
const keyOf = async (owner: string) => (await service().db.selectFrom('preference_keys').select('key').where('owner', '=', owner).executeTakeFirstOrThrow()).key;

/** Tracking's "on the way" for a visit, set off a minute ago on the service's clock. */
function enRoute(appointmentId: number) {
  const at = new Date(clock.now().getTime() - 60_000);
  const payload = { appointmentId, technicianFirstName: 'Mike', technicianInitials: 'MJ', etaMinutes: 6, estimatedArrival: new Date(at.getTime() + 6 * 60_000).toISOString(), estimatedArrivalSource: 'live' as const, at: at.toISOString() };
  return injectEffect(service().app, { from: 'tracking', topic: technicianEnRouteTopic, payload });
}

describe('reminders and one-click unsubscribe', () => {
  it('a reminder links to the preferences and carries List-Unsubscribe; a one-click POST turns reminder emails off, and the next is withdrawn while its text goes', async () => {
    // Three seconds before the first reminder's moment (18:00 the evening before).
    clock.set('2026-11-30T17:59:57-05:00');
    await deliver(service(), texted(901, 'Casey@example.com', '9045550131'));
    await expect.poll(() => mailsKeyed('appointment-901.reminder-day-before.v1').length, { timeout: 20_000 }).toBe(1);
    const [mail] = mailsKeyed('appointment-901.reminder-day-before.v1');
    const key = await keyOf('casey@example.com');
    const oneClick = `https://www.example.com/api/notifications/unsubscribe?key=${key}&topic=reminders`;
    expect(header(mail!, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${oneClick}>`);
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const page = `https://portal.example.com/message-preferences?topic=reminders#key=${key}`;
    expect(mail!.html).toContain(`href="${page}"`);
    expect(mail!.text).toContain('Don’t want appointment reminders by email? Unsubscribe or choose what we send');
    // In the plain-text part the address ends the line: a full stop after it would be read as part of the key.
    expect(mail!.text).toContain(page);
    expect(mail!.text).not.toContain(`${page}.`);
    // The confirmation is always sent: it has no way out.
    const [confirmation] = mailsKeyed('appointment-901.booking-confirmation.v1');
    expect(header(confirmation!, 'list-unsubscribe')).toBeUndefined();
    expect(confirmation!.text).not.toContain('Unsubscribe');

    // Staff reading the log see the email without the key.
    const [row] = (await remindersOf(service(), 901)).filter((reminder) => reminder.kind === 'reminder-day-before' && reminder.channel === 'email');
    const detail = await service().app.inject({ method: 'GET', url: notificationMessagePath(row!.id), headers: { authorization: service().bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) } });
    expect(detail.body).not.toContain(key);
    expect(detail.json()).toMatchObject({ htmlBody: expect.stringContaining('#key=withheld') });

    const url = new URL(oneClick);
    const unsubscribe = await service().app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    expect(unsubscribe.json()).toEqual({ unsubscribed: true });

    // Another visit for the same customer, its reminder due in three seconds: the email is withdrawn, saying why; the text goes.
    clock.set('2026-11-30T17:59:57-05:00');
    await deliver(service(), texted(902, 'casey@example.com', '9045550131'));
    const dayBefore = async () => (await remindersOf(service(), 902)).filter((reminder) => reminder.kind === 'reminder-day-before').map((reminder) => [reminder.channel, reminder.state, reminder.last_error]);
    await expect.poll(dayBefore, { timeout: 20_000 }).toEqual([
      ['email', 'withdrawn', turnedOffReason('email')],
      ['sms', expect.stringMatching(/^(sent|delivered)$/), null],
    ]);
    expect(mailsKeyed('appointment-902.reminder-day-before.v1')).toEqual([]);
  });

  it('refuses a one-click POST without RFC 8058’s body (400), with a key nobody was given (404), or a topic that is not one (400)', async () => {
    clock.set('2026-11-30T12:00:00-05:00');
    await deliver(service(), changedEvent(903, 1, { email: 'frankie@example.com' }));
    const key = await keyOf('frankie@example.com');
    const post = (query: string, payload: string, type = 'application/x-www-form-urlencoded') =>
      service().app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?${query}`, headers: { 'content-type': type }, payload });
    expect((await post(`key=${key}&topic=reminders`, 'List-Unsubscribe=Yes')).statusCode).toBe(400);
    expect((await post(`key=${key}&topic=reminders`, '{"List-Unsubscribe":"One-Click"}', 'application/json')).statusCode).toBe(400);
    expect((await post(`key=${'A'.repeat(43)}&topic=reminders`, 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    expect((await post(`key=${key}&topic=everything`, 'List-Unsubscribe=One-Click')).statusCode).toBe(400);
    expect((await post('topic=reminders', 'List-Unsubscribe=One-Click')).statusCode).toBe(400);
    // Multipart, as RFC 8058 allows.
    const boundary = 'x-boundary-7';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    expect((await post(`key=${key}&topic=after-visit`, multipart, `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(200);
    const view = await service().app.inject({ method: 'POST', url: messagePreferencesByKeyPath, payload: { key } });
    expect(view.json<MessagePreferences>().choices).toEqual({ ...allOn, 'after-visit': { email: false, sms: true } });
  });
});

describe('choices in the portal, signed in', () => {
  const customer = (emailVerified: boolean) => ({ authorization: service().bearer({ sub: 'customer:31', role: 'customer', customerId: 31, email: 'Dana.Lee@Example.com', emailVerified }) });

  it('a customer with a proven email reads and changes them; technician texts turned off are withdrawn while the emails go', async () => {
    clock.set('2026-11-30T12:00:00-05:00');
    const read = await service().app.inject({ method: 'GET', url: messagePreferencesPath, headers: customer(true) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ email: 'dana.lee@example.com', choices: allOn });
    const choices: TopicChoices = { ...allOn, reminders: { email: false, sms: true }, 'visit-updates': { email: true, sms: false } };
    const saved = await service().app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer(true), payload: { choices } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ email: 'dana.lee@example.com', choices });
    expect((await service().app.inject({ method: 'GET', url: messagePreferencesPath, headers: customer(true) })).json()).toEqual({ email: 'dana.lee@example.com', choices });

    await deliver(service(), texted(911, 'dana.lee@example.com', '9045550132'));
    expect((await enRoute(911)).statusCode).toBe(200);
    const onMyWay = async () => (await messagesOf(service(), 911)).filter((row) => row.kind === 'on-my-way').map((row) => [row.channel, row.state, row.last_error]);
    await expect.poll(onMyWay, { timeout: 20_000 }).toEqual([
      ['email', 'sent', null],
      ['sms', 'withdrawn', turnedOffReason('sms')],
    ]);
    expect(notifications.twilio.messagesTo('+19045550132').some((text) => text.body.includes('is on the way'))).toBe(false);
  });

  it('refuses an unproven email (403), no session (401), staff (403), and says which field is wrong (400)', async () => {
    const unproven = await service().app.inject({ method: 'GET', url: messagePreferencesPath, headers: customer(false) });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json()).toMatchObject({ error: { message: preferenceMessages.unproven } });
    expect((await service().app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer(false), payload: { choices: allOn } })).statusCode).toBe(403);
    // The proof is checked before the body, as the session is: an unproven account learns nothing from validation.
    expect((await service().app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer(false), payload: { '\u0000': 1 } })).statusCode).toBe(403);
    expect((await service().app.inject({ method: 'GET', url: messagePreferencesPath })).statusCode).toBe(401);
    // Authentication comes before the body is read.
    expect((await service().app.inject({ method: 'PUT', url: messagePreferencesPath, payload: { nonsense: true } })).statusCode).toBe(401);
    const staff = { authorization: service().bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) };
    expect((await service().app.inject({ method: 'GET', url: messagePreferencesPath, headers: staff })).statusCode).toBe(403);
    const bad = await service().app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer(true), payload: { choices: { ...allOn, reminders: { email: 'no', sms: true } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { 'choices.reminders.email': 'Say true or false for email' } } });
    const missing = await service().app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer(true), payload: { choices: { reminders: allOn.reminders } } });
    expect(missing.statusCode).toBe(400);
  });
});

describe('choices from a preferences link, signed out', () => {
  it('opens and changes the choices with the key, the email partly hidden; an unknown key 404, a malformed one 400', async () => {
    clock.set('2026-11-30T12:00:00-05:00');
    await deliver(service(), changedEvent(921, 1, { email: 'erin.west@example.com' }));
    const key = await keyOf('erin.west@example.com');
    const view = await service().app.inject({ method: 'POST', url: messagePreferencesByKeyPath, payload: { key } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({ email: 'e•••@example.com', choices: allOn });
    const choices: TopicChoices = { ...allOn, 'after-visit': { email: false, sms: false } };
    const saved = await service().app.inject({ method: 'PUT', url: messagePreferencesByKeyPath, payload: { key, choices } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ email: 'e•••@example.com', choices });
    const stored = await service().db.selectFrom('message_preferences').select(['topic', 'channel', 'turned_off_by']).where('owner', '=', 'erin.west@example.com').orderBy('channel').execute();
    expect(stored).toEqual([
      { topic: 'after-visit', channel: 'email', turned_off_by: 'link' },
      { topic: 'after-visit', channel: 'sms', turned_off_by: 'link' },
    ]);

    const unknown = await service().app.inject({ method: 'POST', url: messagePreferencesByKeyPath, payload: { key: 'B'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { message: preferenceMessages.badKey } });
    expect((await service().app.inject({ method: 'PUT', url: messagePreferencesByKeyPath, payload: { key: 'B'.repeat(43), choices } })).statusCode).toBe(404);
    const malformed = await service().app.inject({ method: 'POST', url: messagePreferencesByKeyPath, payload: { key: 'short' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { fields: { key: preferenceMessages.badKey } } });
  });
});
