import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notificationMessages, technicianEnRouteTopic, twilioInboundPath, twilioStatusCallbackPath } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { twilioSignature } from '@repo/twilio-stand-in';
import { changedEvent, deliver, messagesOf, testClock } from './helpers.ts';
import { smsForTests, twilioFrom } from './sms-helpers.ts';

// The service's clock runs from noon Eastern on Monday 30 November 2026, outside quiet hours (21:00–08:00) whenever
// the suite runs (sms-quiet-hours.test.ts is about them).
const clock = testClock('2026-11-30T12:00:00-05:00');
const notifications = smsForTests({ NOTIFICATIONS_SEND_RETRY_LIMIT: '5' }, clock.now, { outcomes: { '+19045550199': 'undelivered', '+19045550198': 'failed' } });
const texted = (appointmentId: number, phone: string, overrides = {}) => changedEvent(appointmentId, 1, { phone, smsConsent: true, smsConsentText: 'Text me', ...overrides });
const textsOf = async (appointmentId: number) => (await messagesOf(notifications.service, appointmentId)).filter((row) => row.channel === 'sms');
const emailsOf = async (appointmentId: number) => (await messagesOf(notifications.service, appointmentId)).filter((row) => row.channel === 'email');
const mailsKeyed = (key: string) => notifications.smtp.mails.filter((mail) => mail.messageId === `<${key}@staugustineappliancerepair.com>`);

/** Posts a form to one of the service's Twilio webhooks over HTTP, signed as Twilio signs (or with `signature`). */
async function postSigned(path: string, params: Record<string, string>, signature?: string) {
  const response = await notifications.twilio.post(`${notifications.origin}${path}`, params, signature);
  return { status: response.status, body: await response.text() };
}

describe('texts about an appointment', () => {
  it('texts the booking confirmation to a customer who agreed to texts, with the manage link, and records it delivered', async () => {
    await deliver(notifications.service, texted(801, '(904) 555-0101'));
    await expect.poll(async () => (await textsOf(801)).map((row) => row.state), { timeout: 20_000 }).toEqual(['delivered']);
    const [row] = await textsOf(801);
    expect(row).toMatchObject({ kind: 'booking-confirmation', recipient: '+19045550101', message_key: 'appointment-801.booking-confirmation.v1', attempts: 1, provider_message_id: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const [text] = notifications.twilio.messagesTo('+19045550101');
    expect(text).toMatchObject({ from: twilioFrom, sid: row!.provider_message_id, status: 'delivered' });
    expect(text!.body).toContain('https://portal.example.com/appointments/801');
    expect(text!.body).toContain('manage-token-801');
    expect(text!.body).toContain('Tue, Dec 1, 8:00–10:00 AM ET');
    expect(text!.body).toMatch(/Reply STOP to opt out\.$/);
    // The email went too, as always.
    await expect.poll(() => mailsKeyed('appointment-801.booking-confirmation.v1').length, { timeout: 20_000 }).toBe(1);
    // Both callbacks Twilio posted were accepted (signed, and the text known). The stand-in notes an answer once it has
    // it, which can be just after the service has recorded the delivery.
    await expect
      .poll(() => notifications.twilio.callbacks.filter((callback) => callback.params.MessageSid === row!.provider_message_id).map((callback) => [callback.params.MessageStatus, callback.status]))
      .toEqual([['sent', 200], ['delivered', 200]]);
  });

  it('sends no text without consent, or to a number a text cannot reach', async () => {
    await deliver(notifications.service, changedEvent(802, 1, { phone: '(904) 555-0102' }));
    await deliver(notifications.service, texted(803, '555-0103'));
    await expect.poll(async () => (await emailsOf(802)).length + (await emailsOf(803)).length).toBe(2);
    expect([...(await textsOf(802)), ...(await textsOf(803))]).toEqual([]);
    expect(notifications.twilio.messagesTo('+19045550102')).toEqual([]);
  });

  it('sends one text per event, however often the event is delivered', async () => {
    const event = texted(804, '904-555-0104');
    const messageId = randomUUID();
    expect([(await deliver(notifications.service, event, messageId)).status, (await deliver(notifications.service, event, messageId)).status, (await deliver(notifications.service, event)).status]).toEqual(['applied', 'duplicate', 'applied']);
    await expect.poll(async () => (await textsOf(804)).map((row) => row.state), { timeout: 20_000 }).toEqual(['delivered']);
    expect(notifications.twilio.messagesTo('+19045550104')).toHaveLength(1);
  });

  it('texts the reschedule and the cancellation, each under its own version', async () => {
    await deliver(notifications.service, texted(805, '9045550105'));
    await deliver(notifications.service, { ...texted(805, '9045550105'), version: 2, change: 'rescheduled', startsAt: '2026-12-02T13:00:00-05:00', endsAt: '2026-12-02T15:00:00-05:00' });
    await deliver(notifications.service, { ...texted(805, '9045550105'), version: 3, change: 'cancelled', status: 'cancelled', startsAt: '2026-12-02T13:00:00-05:00', endsAt: '2026-12-02T15:00:00-05:00' });
    await expect.poll(() => notifications.twilio.messagesTo('+19045550105').length, { timeout: 20_000 }).toBe(3);
    // Each text has its own send job, so the notice and the cancellation may reach Twilio in either order.
    const bodies = notifications.twilio.messagesTo('+19045550105').map((text) => text.body);
    expect(bodies.filter((body) => body.includes('moved to Wed, Dec 2, 1:00–3:00 PM ET'))).toHaveLength(1);
    expect(bodies.filter((body) => body.includes('Wed, Dec 2, 1:00–3:00 PM ET is cancelled'))).toHaveLength(1);
    expect((await textsOf(805)).map((row) => row.message_key)).toEqual(['appointment-805.booking-confirmation.v1', 'appointment-805.rescheduled.v2', 'appointment-805.cancelled.v3']);
  });

  it('schedules reminders as texts too, at the email reminders’ times, and withdraws them when the visit is cancelled', async () => {
    await deliver(notifications.service, texted(806, '9045550106'));
    const reminders = () => notifications.service.db.selectFrom('messages').select(['kind', 'channel', 'state', 'due_at']).where('appointment_id', '=', 806).where('kind', 'in', ['reminder-day-before', 'reminder-hours-before']).orderBy('kind').orderBy('channel').execute();
    const dayBefore = new Date('2026-11-30T18:00:00-05:00');
    const hoursBefore = new Date('2026-12-01T06:00:00-05:00');
    expect(await reminders()).toEqual([
      { kind: 'reminder-day-before', channel: 'email', state: 'scheduled', due_at: dayBefore },
      { kind: 'reminder-day-before', channel: 'sms', state: 'scheduled', due_at: dayBefore },
      { kind: 'reminder-hours-before', channel: 'email', state: 'scheduled', due_at: hoursBefore },
      // 06:00 is in quiet hours (21:00–08:00): the text waits until they end, the email does not.
      { kind: 'reminder-hours-before', channel: 'sms', state: 'scheduled', due_at: new Date('2026-12-01T08:00:00-05:00') },
    ]);
    await deliver(notifications.service, { ...texted(806, '9045550106'), version: 2, change: 'cancelled', status: 'cancelled' });
    expect((await reminders()).map((row) => row.state)).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'withdrawn']);
  });

  it('texts "on the way" with the track-only link, once per visit', async () => {
    await deliver(notifications.service, texted(807, '9045550107'));
    const at = new Date(clock.now().getTime() - 60_000);
    const enRoute = { appointmentId: 807, technicianFirstName: 'Mike', technicianInitials: 'MJ', etaMinutes: 6, estimatedArrival: new Date(at.getTime() + 6 * 60_000).toISOString(), estimatedArrivalSource: 'live' as const, at: at.toISOString() };
    for (let i = 0; i < 2; i += 1) expect((await injectEffect(notifications.service.app, { from: 'tracking', topic: technicianEnRouteTopic, payload: enRoute })).statusCode).toBe(200);
    // The confirmation and "on the way" are sent by jobs side by side: either may reach Twilio first.
    await expect.poll(() => notifications.twilio.messagesTo('+19045550107').map((text) => text.body.includes('is on the way')).sort(), { timeout: 20_000 }).toEqual([false, true]);
    const onMyWay = notifications.twilio.messagesTo('+19045550107').find((text) => text.body.includes('is on the way'))!.body;
    expect(onMyWay).toContain('https://portal.example.com/technician-tracking?appointment=807#access=track-token-807');
    expect(onMyWay).not.toContain('manage-token-807');
  });

  it('retries a text while Twilio answers 5xx, and records every attempt', async () => {
    notifications.twilio.failNext(2, 503);
    await deliver(notifications.service, texted(808, '9045550108'));
    await expect.poll(async () => (await textsOf(808)).map((row) => [row.state, row.attempts]), { timeout: 30_000 }).toEqual([['delivered', 3]]);
    const attempts = await notifications.service.db.selectFrom('message_attempts').select(['outcome', 'error']).where('message_id', '=', (await textsOf(808))[0]!.id).orderBy('id').execute();
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'sent']);
    expect(attempts[0]!.error).toBe('Twilio answered 503: 20503 Service Unavailable');
    expect(notifications.twilio.messagesTo('+19045550108')).toHaveLength(1);
  });

  it('records a text Twilio reports undelivered or failed, and sends no second email when the email went', async () => {
    await deliver(notifications.service, texted(809, '9045550199'));
    await deliver(notifications.service, texted(810, '9045550198'));
    await expect.poll(async () => [...(await textsOf(809)), ...(await textsOf(810))].map((row) => [row.state, row.last_error]), { timeout: 20_000 }).toEqual([
      ['undelivered', 'Twilio reported the text undelivered (error 30003).'],
      ['failed', 'Twilio reported the text failed (error 30008).'],
    ]);
    await expect.poll(async () => (await emailsOf(809)).map((row) => row.state)).toEqual(['sent']);
    expect(mailsKeyed('appointment-809.booking-confirmation.v1')).toHaveLength(1);
  });

  it('falls back to email when the text fails and its email had failed: a copy of the email is sent', async () => {
    // The email to this address fails for good (the relay refuses the mailbox), the text is undelivered.
    await deliver(notifications.service, texted(811, '9045550199', { email: 'nobody@example.com' }));
    await expect.poll(async () => (await messagesOf(notifications.service, 811)).map((row) => [row.channel, row.message_key, row.state]), { timeout: 20_000 }).toEqual([
      ['email', 'appointment-811.booking-confirmation.v1', 'failed'],
      ['sms', 'appointment-811.booking-confirmation.v1', 'undelivered'],
      ['email', 'appointment-811.booking-confirmation.v1.sms-fallback', 'failed'],
    ]);
  });
});

describe("Twilio's webhooks", () => {
  it('refuses an unsigned or wrongly signed status callback with 403, and changes nothing', async () => {
    await deliver(notifications.service, texted(820, '9045550120'));
    await expect.poll(async () => (await textsOf(820)).map((row) => row.state), { timeout: 20_000 }).toEqual(['delivered']);
    const [row] = await textsOf(820);
    const params = { MessageSid: row!.provider_message_id!, MessageStatus: 'undelivered', AccountSid: notifications.twilio.accountSid };
    const unsigned = await notifications.service.app.inject({ method: 'POST', url: twilioStatusCallbackPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'The request is not signed by Twilio (X-Twilio-Signature does not match).' } });
    expect((await postSigned(twilioStatusCallbackPath, params, twilioSignature('another-auth-token-0000', `${notifications.origin}${twilioStatusCallbackPath}`, params))).status).toBe(403);
    // Signed for another URL (a replay at another address).
    expect((await postSigned(twilioStatusCallbackPath, params, twilioSignature(notifications.twilio.authToken, `https://elsewhere.example${twilioStatusCallbackPath}`, params))).status).toBe(403);
    expect((await textsOf(820))[0]!.state).toBe('delivered');
  });

  it('answers 400 to a signed form that is not a status callback, 404 to a step before the final one for an unknown text, and applies a final status once', async () => {
    const malformed = await postSigned(twilioStatusCallbackPath, { MessageSid: 'nope', MessageStatus: 'delivered' });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ error: { code: 'VALIDATION_ERROR', fields: { MessageSid: 'MessageSid must be SM followed by 32 hexadecimal digits' } } });
    expect((await postSigned(twilioStatusCallbackPath, { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'exploded' })).status).toBe(400);
    expect((await postSigned(twilioStatusCallbackPath, {})).status).toBe(400);
    // A final status for an unknown SID is kept for the send job instead (sms-early-status.test.ts).
    const unknown = await postSigned(twilioStatusCallbackPath, { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'sent' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ error: { code: 'NOT_FOUND', message: notificationMessages.unknownText } });
    const [row] = await textsOf(820);
    // A late "undelivered" after "delivered" changes nothing.
    expect(JSON.parse((await postSigned(twilioStatusCallbackPath, { MessageSid: row!.provider_message_id!, MessageStatus: 'undelivered', ErrorCode: '30003' })).body)).toEqual({ status: 'unchanged' });
    expect((await textsOf(820))[0]!.state).toBe('delivered');
  });

  it('keeps a number that replies STOP from every text until it replies START; HELP answers with the business phone', async () => {
    const phone = '+19045550130';
    const inbound = `${notifications.origin}${twilioInboundPath}`;
    const stop = await notifications.twilio.reply(inbound, { from: phone, to: twilioFrom, body: ' stop ' });
    expect(stop).toMatchObject({ status: 200, body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' });
    expect(stop.contentType).toMatch(/^text\/xml/);
    expect(await notifications.service.db.selectFrom('sms_opt_outs').select('phone').where('phone', '=', phone).execute()).toEqual([{ phone }]);
    await deliver(notifications.service, texted(830, '9045550130'));
    await expect.poll(async () => (await emailsOf(830)).length).toBe(1);
    expect(await textsOf(830)).toEqual([]);

    const help = await notifications.twilio.reply(inbound, { from: phone, to: twilioFrom, body: 'HELP' });
    expect(help.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>St Augustine Appliance Repair: appointment texts. Call (904) 802-1998 for help. Msg &amp; data rates may apply. Reply STOP to opt out.</Message></Response>');

    expect((await notifications.twilio.reply(inbound, { from: phone, to: twilioFrom, body: 'START' })).status).toBe(200);
    await deliver(notifications.service, texted(831, '9045550130'));
    await expect.poll(async () => (await textsOf(831)).map((row) => row.state), { timeout: 20_000 }).toEqual(['delivered']);
  });

  it('withdraws the texts a number had coming when it replies STOP', async () => {
    const phone = '+19045550131';
    await deliver(notifications.service, texted(832, '9045550131'));
    const scheduled = () => notifications.service.db.selectFrom('messages').select('state').where('appointment_id', '=', 832).where('channel', '=', 'sms').where('kind', 'in', ['reminder-day-before', 'reminder-hours-before']).execute();
    expect((await scheduled()).map((row) => row.state)).toEqual(['scheduled', 'scheduled']);
    await notifications.twilio.reply(`${notifications.origin}${twilioInboundPath}`, { from: phone, to: twilioFrom, body: 'UNSUBSCRIBE' });
    expect((await scheduled()).map((row) => row.state)).toEqual(['withdrawn', 'withdrawn']);
  });

  it('sends a text again at staff’s request, once per request, and refuses it (409) for a number that replied STOP', async () => {
    const phone = '+19045550133';
    await deliver(notifications.service, texted(833, '9045550133'));
    await expect.poll(async () => (await textsOf(833)).map((row) => row.state), { timeout: 20_000 }).toEqual(['delivered']);
    const [original] = await textsOf(833);
    const staff = { authorization: notifications.service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) };
    const resend = () => notifications.service.app.inject({ method: 'POST', url: `/api/notifications/messages/${original!.id}/resend`, headers: staff, payload: {} });
    const copy = await resend();
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ channel: 'sms', recipient: phone, resentFrom: original!.id, kind: 'booking-confirmation' });
    await expect.poll(() => notifications.twilio.messagesTo(phone).length, { timeout: 20_000 }).toBe(2);
    expect(notifications.twilio.messagesTo(phone).map((text) => text.body)).toEqual([original!.text_body, original!.text_body]);
    const stored = await notifications.service.db.selectFrom('messages').select(['message_key', 'requested_by']).where('id', '=', copy.json<{ id: number }>().id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ message_key: `${original!.message_key}.resend-1`, requested_by: 'dana@example.com' });

    await notifications.twilio.reply(`${notifications.origin}${twilioInboundPath}`, { from: phone, to: twilioFrom, body: 'STOP' });
    const refused = await resend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: notificationMessages.optedOut } });
    expect(notifications.twilio.messagesTo(phone)).toHaveLength(2);
  });

  it('refuses an unsigned reply (403) and a signed one without From or Body (400)', async () => {
    const unsigned = await notifications.service.app.inject({ method: 'POST', url: twilioInboundPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'From=%2B19045550140&Body=STOP' });
    expect(unsigned.statusCode).toBe(403);
    expect(await notifications.service.db.selectFrom('sms_opt_outs').select('phone').where('phone', '=', '+19045550140').execute()).toEqual([]);
    expect((await postSigned(twilioInboundPath, { Body: 'STOP' })).status).toBe(400);
  });
});
