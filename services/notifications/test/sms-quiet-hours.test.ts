import { describe, expect, it } from 'vitest';
import { phoneCodeRequestedTopic, technicianEnRouteTopic } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { afterQuietHours } from '../src/domain/texts.ts';
import { changedEvent, deliver, messagesOf, testClock } from './helpers.ts';
import { smsForTests } from './sms-helpers.ts';

// The service's clock: 22:30 Eastern on Monday 30 November 2026, in quiet hours (21:00–08:00).
const clock = testClock('2026-11-30T22:30:00-05:00');
const notifications = smsForTests({}, clock.now);
const texted = (appointmentId: number, phone: string) => changedEvent(appointmentId, 1, { phone, smsConsent: true, smsConsentText: 'Text me' });
const textsOf = async (appointmentId: number) => (await messagesOf(notifications.service, appointmentId)).filter((row) => row.channel === 'sms');

describe('quiet hours (21:00–08:00 business time)', () => {
  it('holds a confirmation booked at 22:30 until 08:00; its email goes at once', async () => {
    await deliver(notifications.service, texted(901, '9045550901'));
    expect((await textsOf(901)).map((row) => [row.state, row.due_at])).toEqual([['scheduled', new Date('2026-12-01T08:00:00-05:00')]]);
    await expect.poll(async () => (await messagesOf(notifications.service, 901)).filter((row) => row.channel === 'email').map((row) => row.state), { timeout: 20_000 }).toEqual(['sent']);
    expect(notifications.twilio.messagesTo('+19045550901')).toEqual([]);
  });

  it('texts "on the way" at once, even in quiet hours', async () => {
    await deliver(notifications.service, texted(902, '9045550902'));
    const at = new Date(clock.now().getTime() - 60_000);
    const enRoute = { appointmentId: 902, technicianFirstName: 'Mike', technicianInitials: 'MJ', etaMinutes: 6, estimatedArrival: new Date(at.getTime() + 6 * 60_000).toISOString(), estimatedArrivalSource: 'live' as const, at: at.toISOString() };
    expect((await injectEffect(notifications.service.app, { from: 'tracking', topic: technicianEnRouteTopic, payload: enRoute })).statusCode).toBe(200);
    await expect.poll(() => notifications.twilio.messagesTo('+19045550902').map((text) => text.body), { timeout: 20_000 }).toEqual([expect.stringContaining('Mike is on the way')]);
  });

  it('texts a phone code at once, even in quiet hours, once however often it is delivered, and never shows staff the code', async () => {
    const event = { requestId: '7c1e2a90-4b3d-4f6e-8a1c-2d3e4f5a6b70', phone: '+19045550913', code: '482913', expiresAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString() };
    for (let i = 0; i < 2; i += 1) expect((await injectEffect(notifications.service.app, { from: 'accounts', topic: phoneCodeRequestedTopic, payload: event })).statusCode).toBe(200);
    await expect.poll(() => notifications.twilio.messagesTo('+19045550913').map((text) => text.body), { timeout: 20_000 }).toEqual([
      'St Augustine Appliance Repair: your code is 482913. It works for 10 minutes. If you did not ask for it, ignore this text.',
    ]);
    const [row] = await notifications.service.db.selectFrom('messages').select(['id', 'kind', 'state']).where('message_key', '=', `phone-code.${event.requestId}`).execute();
    expect(row).toMatchObject({ kind: 'phone-code' });
    const staff = { authorization: notifications.service.bearer({ sub: 'staff:4', role: 'staff', email: 'dana@example.com' }) };
    const detail = await notifications.service.app.inject({ method: 'GET', url: `/api/notifications/messages/${row!.id}`, headers: staff });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ kind: 'phone-code', subject: expect.stringContaining('your code is ••••••.'), textBody: expect.stringContaining('your code is ••••••.') });
    expect(detail.body).not.toContain('482913');
    const list = await notifications.service.app.inject({ method: 'GET', url: '/api/notifications/messages?kind=phone-code', headers: staff });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain('482913');
  });

  it('sends a held text when quiet hours end', async () => {
    // Two seconds before 08:00: the confirmation is held until then, and goes out when the hour comes.
    clock.set('2026-12-01T07:59:58-05:00');
    await deliver(notifications.service, texted(903, '9045550903'));
    expect((await textsOf(903)).map((row) => row.state)).toEqual(['scheduled']);
    await expect.poll(async () => (await textsOf(903)).map((row) => row.state), { timeout: 20_000 }).toEqual(['delivered']);
    expect(notifications.twilio.messagesTo('+19045550903')).toHaveLength(1);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(new Date('2026-12-01T08:00:00-05:00').getTime());
  });

  it('computes the end of quiet hours on each side of both DST changes', () => {
    const quiet = { startHour: 21, endHour: 8 };
    expect(afterQuietHours(new Date('2026-03-07T23:00:00-05:00'), quiet)).toEqual(new Date('2026-03-08T08:00:00-04:00'));
    expect(afterQuietHours(new Date('2026-10-31T22:00:00-04:00'), quiet)).toEqual(new Date('2026-11-01T08:00:00-05:00'));
    expect(afterQuietHours(new Date('2026-11-01T03:00:00-05:00'), quiet)).toEqual(new Date('2026-11-01T08:00:00-05:00'));
    const noon = new Date('2026-11-01T12:00:00-05:00');
    expect(afterQuietHours(noon, quiet)).toBe(noon);
    expect(afterQuietHours(new Date('2026-11-01T20:59:00-05:00'), quiet)).toEqual(new Date('2026-11-01T20:59:00-05:00'));
    expect(afterQuietHours(new Date('2026-11-01T13:00:00-05:00'), { startHour: 12, endHour: 14 })).toEqual(new Date('2026-11-01T14:00:00-05:00'));
    expect(afterQuietHours(noon, { startHour: 0, endHour: 0 })).toBe(noon);
  });
});
