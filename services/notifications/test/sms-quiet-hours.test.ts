import { describe, expect, it } from 'vitest';
import { technicianEnRouteTopic } from '@repo/contracts';
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
