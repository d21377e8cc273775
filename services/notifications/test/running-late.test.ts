import { describe, expect, it } from 'vitest';
import { messagePreferencesPath, technicianArrivedTopic, technicianRunningLateTopic, type TechnicianRunningLate, type TopicChoices } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { turnedOffReason } from '../src/repositories/preference-repository.ts';
import { changedEvent, deliver, messagesOf, testClock } from './helpers.ts';
import { smsForTests } from './sms-helpers.ts';

// The visits are on Tuesday 1 December 2026, 8:00–10:00 AM Eastern (EST), unless a test says otherwise; the service's
// clock is set by each test.
const clock = testClock('2026-12-01T10:05:00-05:00');
const notifications = smsForTests({}, clock.now);
const service = () => notifications.service;
const texted = (appointmentId: number, phone: string, overrides = {}) => changedEvent(appointmentId, 1, { phone, smsConsent: true, smsConsentText: 'Text me', ...overrides });
const mailsKeyed = (key: string) => notifications.smtp.mails.filter((mail) => mail.messageId === `<${key}@staugustineappliancerepair.com>`);
const lateTexts = (phone: string) => notifications.twilio.messagesTo(phone).filter((text) => text.body.includes('is running late')).map((text) => text.body);
const runningLateOf = async (appointmentId: number) =>
  (await messagesOf(service(), appointmentId)).filter((row) => row.kind === 'running-late').map((row) => [row.channel, row.message_key, row.state]);

/** Tracking's news: Mike, 12 minutes away at 10:04 AM, now expected at 10:16 AM, after the 8:00–10:00 AM window. */
const runningLate = (appointmentId: number, overrides: Partial<TechnicianRunningLate> = {}): TechnicianRunningLate => ({
  appointmentId,
  technicianFirstName: 'Mike',
  technicianInitials: 'MJ',
  etaMinutes: 12,
  estimatedArrival: '2026-12-01T15:16:00.000Z',
  windowStart: '2026-12-01T13:00:00.000Z',
  windowEnd: '2026-12-01T15:00:00.000Z',
  at: '2026-12-01T15:04:00.000Z',
  ...overrides,
});
const fromTracking = async (topic: string, payload: object) => {
  const response = await injectEffect(service().app, { from: 'tracking', topic, payload });
  expect(response.statusCode, response.body).toBe(200);
};

describe('the technician running late', () => {
  it('emails and texts "Mike is running late" once per visit: the missed window, the new ETA in business time, the track-only link', async () => {
    clock.set('2026-12-01T10:05:00-05:00');
    await deliver(service(), texted(821, '9045550121'));
    await fromTracking(technicianRunningLateTopic, runningLate(821));
    // Delivered again, and a second late trip of the same visit (another technician after a reassignment): nothing more.
    await fromTracking(technicianRunningLateTopic, runningLate(821));
    await fromTracking(technicianRunningLateTopic, runningLate(821, { technicianFirstName: 'Sara', technicianInitials: 'SM', at: '2026-12-01T15:05:00.000Z' }));

    await expect.poll(() => mailsKeyed('appointment-821.running-late').length, { timeout: 20_000 }).toBe(1);
    const [mail] = mailsKeyed('appointment-821.running-late');
    expect(mail!.subject).toBe('Mike is running late');
    expect(mail!.to).toMatchObject({ text: 'jordan@example.com' });
    const link = 'https://portal.example.com/technician-tracking?appointment=821#access=track-token-821';
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain(link);
    expect(mail!.text).not.toContain('manage-token-821');
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('Hi Jordan,');
      expect(part).toContain('after your arrival window, Tue, Dec 1, 8:00–10:00 AM ET.');
      expect(part).toContain('about 10:16 AM ET (12 minutes away at 10:04 AM ET)');
      expect(part).toContain('Mike (MJ)');
    }
    // One of the technician updates the customer may turn off.
    expect(mail!.text).toContain('Don’t want technician updates by email?');

    await expect.poll(() => lateTexts('+19045550121'), { timeout: 20_000 }).toEqual([
      `St Augustine Appliance Repair: Mike is running late, now expected around 10:16 AM ET, after your window (Tue, Dec 1, 8:00–10:00 AM ET). Sorry for the wait. Track: ${link}`,
    ]);
    // The rows turn `sent` once the relay's and Twilio's answers are recorded, just after the mail and text arrive.
    await expect.poll(() => runningLateOf(821), { timeout: 20_000 }).toEqual([
      ['email', 'appointment-821.running-late', 'sent'],
      ['sms', 'appointment-821.running-late', expect.stringMatching(/^(sent|delivered)$/)],
    ]);
  });

  it('emails only a customer who did not agree to texts', async () => {
    clock.set('2026-12-01T10:05:00-05:00');
    await deliver(service(), changedEvent(822, 1, { phone: '(904) 555-0122' }));
    await fromTracking(technicianRunningLateTopic, runningLate(822));
    await expect.poll(() => runningLateOf(822), { timeout: 20_000 }).toEqual([['email', 'appointment-822.running-late', 'sent']]);
    expect(notifications.twilio.messagesTo('+19045550122')).toEqual([]);
  });

  it('sends nothing once the arrival was heard, nor for a visit cancelled', async () => {
    clock.set('2026-12-01T10:05:00-05:00');
    await deliver(service(), texted(823, '9045550123'));
    await fromTracking(technicianArrivedTopic, { appointmentId: 823, technicianFirstName: 'Mike', technicianInitials: 'MJ', at: '2026-12-01T15:05:00.000Z' });
    await fromTracking(technicianRunningLateTopic, runningLate(823));
    await deliver(service(), texted(824, '9045550124'));
    await deliver(service(), texted(824, '9045550124', { change: 'cancelled', status: 'cancelled', version: 2 }));
    await fromTracking(technicianRunningLateTopic, runningLate(824));
    expect((await messagesOf(service(), 823)).map((row) => [row.kind, row.channel])).toEqual([
      ['booking-confirmation', 'email'],
      ['booking-confirmation', 'sms'],
      ['arrived', 'email'],
      ['arrived', 'sms'],
    ]);
    expect(await runningLateOf(824)).toEqual([]);
  });

  it('withdraws the email and the text of a customer who turned technician updates off', async () => {
    clock.set('2026-12-01T10:05:00-05:00');
    const customer = { authorization: service().bearer({ sub: 'customer:41', role: 'customer', customerId: 41, email: 'robin@example.com', emailVerified: true }) };
    const off: TopicChoices = { reminders: { email: true, sms: true }, 'visit-updates': { email: false, sms: false }, 'after-visit': { email: true, sms: true } };
    const saved = await service().app.inject({ method: 'PUT', url: messagePreferencesPath, headers: customer, payload: { choices: off } });
    expect(saved.statusCode, saved.body).toBe(200);
    await deliver(service(), texted(825, '9045550125', { email: 'robin@example.com' }));
    await fromTracking(technicianRunningLateTopic, runningLate(825));
    const states = async () => (await messagesOf(service(), 825)).filter((row) => row.kind === 'running-late').map((row) => [row.channel, row.state, row.last_error]);
    await expect.poll(states, { timeout: 20_000 }).toEqual([
      ['email', 'withdrawn', turnedOffReason('email')],
      ['sms', 'withdrawn', turnedOffReason('sms')],
    ]);
    expect(mailsKeyed('appointment-825.running-late')).toEqual([]);
    expect(lateTexts('+19045550125')).toEqual([]);
  });

  it('texts at once in quiet hours (21:00–08:00), as "on the way" does', async () => {
    // An evening visit, 6:00–8:00 PM; at 10:30 PM the technician is 12 minutes away.
    clock.set('2026-12-01T22:30:00-05:00');
    await deliver(service(), texted(826, '9045550126', { startsAt: '2026-12-01T18:00:00-05:00', endsAt: '2026-12-01T20:00:00-05:00' }));
    await fromTracking(technicianRunningLateTopic, runningLate(826, {
      at: '2026-12-02T03:29:00.000Z',
      estimatedArrival: '2026-12-02T03:41:00.000Z',
      windowStart: '2026-12-01T23:00:00.000Z',
      windowEnd: '2026-12-02T01:00:00.000Z',
    }));
    const [text] = (await messagesOf(service(), 826)).filter((row) => row.kind === 'running-late' && row.channel === 'sms');
    expect(text).toMatchObject({ due_at: null });
    expect(text!.state).not.toBe('scheduled');
    await expect.poll(() => lateTexts('+19045550126'), { timeout: 20_000 }).toEqual([
      expect.stringContaining('Mike is running late, now expected around 10:41 PM ET, after your window (Tue, Dec 1, 6:00–8:00 PM ET).'),
    ]);
    // The booking confirmation booked at 10:30 PM waits for the morning: quiet hours still hold every other text.
    expect((await messagesOf(service(), 826)).filter((row) => row.kind === 'booking-confirmation' && row.channel === 'sms').map((row) => row.state)).toEqual(['scheduled']);
  });
});
