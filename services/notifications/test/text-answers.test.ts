import { describe, expect, it } from 'vitest';
import { customerTextReplyTopic, twilioInboundPath, type CustomerTextReply } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { changedEvent, deliver, remindersOf, testClock } from './helpers.ts';
import { smsForTests, twilioFrom } from './sms-helpers.ts';

// Monday 30 November 2026, a few seconds before the day-before reminders' 18:00; the visits are on Tuesday 1 December.
const clock = testClock('2026-11-30T17:59:57-05:00');
const notifications = smsForTests({}, clock.now);
const texted = (appointmentId: number, phone: string, overrides = {}) => changedEvent(appointmentId, 1, { phone, smsConsent: true, smsConsentText: 'Text me', ...overrides });
const answer = (from: string, body: string) => notifications.twilio.reply(`${notifications.origin}${twilioInboundPath}`, { from, to: twilioFrom, body });
const replies = () => publishedEffects<CustomerTextReply>(notifications.service.database, customerTextReplyTopic);
const message = (text: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;

/** Books a visit for tomorrow with texts agreed to, and waits until its day-before reminder's text has gone out. */
async function remindedBy(appointmentId: number, phone: string, overrides = {}): Promise<string> {
  clock.set('2026-11-30T17:59:57-05:00');
  await deliver(notifications.service, texted(appointmentId, phone, overrides));
  const reminderSent = async () => (await remindersOf(notifications.service, appointmentId)).filter((row) => row.kind === 'reminder-day-before' && row.channel === 'sms').map((row) => row.state);
  await expect.poll(reminderSent, { timeout: 20_000 }).toEqual([expect.stringMatching(/^(sent|delivered)$/)]);
  const [text] = notifications.twilio.messagesTo(phone).filter((sent) => sent.body.includes('Reply C to confirm'));
  return text!.body;
}

describe('answering the day-before reminder by text', () => {
  it('asks for C or R, and a C tells booking the visit is confirmed and thanks the customer', async () => {
    const phone = '+19045550161';
    const reminder = await remindedBy(961, phone);
    expect(reminder).toMatch(/^St Augustine Appliance Repair reminder: we'll see you tomorrow, .+\. Reply C to confirm or R for a call back\. Details: http\S+ Reply STOP to opt out\.$/);
    const before = (await replies()).length;

    const sentAt = clock.now().getTime();
    const confirmed = await answer(phone, ' c. ');
    const answeredAt = clock.now().getTime();
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toBe(message('St Augustine Appliance Repair: thank you, your visit on Tue, Dec 1 is confirmed.'));
    const [reply] = (await replies()).slice(before);
    expect(reply).toEqual({ replyId: expect.stringMatching(/^SM[0-9a-f]{32}$/), appointmentId: 961, answer: 'confirm', at: expect.any(String) });
    // The answer is stamped by the service's clock while the request was being answered (the reminder itself goes out at about 18:00).
    expect(Date.parse(reply!.at)).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(reply!.at)).toBeLessThanOrEqual(answeredAt);
  });

  it('an R asks booking for a call back; CONFIRM and CALL are understood too', async () => {
    const phone = '+19045550162';
    await remindedBy(962, phone);
    const before = (await replies()).length;
    expect((await answer(phone, 'R')).body).toBe(message("St Augustine Appliance Repair: thank you, we'll call you during business hours. For anything urgent call (904) 802-1998."));
    expect((await answer(phone, 'Confirm')).status).toBe(200);
    expect((await answer(phone, 'call')).status).toBe(200);
    expect((await replies()).slice(before).map((reply) => [reply.appointmentId, reply.answer])).toEqual([[962, 'call-back'], [962, 'confirm'], [962, 'call-back']]);
  });

  it('answers a number no reminder waits for with the business phone, and tells booking nothing', async () => {
    const before = (await replies()).length;
    const stray = await answer('+19045550163', 'C');
    expect(stray.body).toBe(message('St Augustine Appliance Repair: we could not find a visit waiting for your answer. Please call (904) 802-1998.'));
    // A visit cancelled since its reminder takes no answer either.
    const phone = '+19045550164';
    await remindedBy(964, phone);
    await deliver(notifications.service, { ...texted(964, phone), version: 2, change: 'cancelled', status: 'cancelled' });
    expect((await answer(phone, 'C')).body).toBe(stray.body);
    expect((await replies()).length).toBe(before);
  });
});
