import { describe, expect, it } from 'vitest';
import { customerTextReplyTopic, type AppointmentHistoryEntry, type StaffAppointment } from '@repo/contracts';
import { injectEffect } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 18:05 Eastern: the reminders of Tuesday's visits went out a few minutes ago.
const clock = testClock('2026-11-23T23:05:00Z');
const booking = bookingForTests(clock.now);
const staff = () => ({ authorization: booking.service.bearer({ ...staffClaims(), email: 'dana@example.com' }) });

let replies = 0;
const reply = (appointmentId: number, answer: 'confirm' | 'call-back', from: 'notifications' | 'tracking' = 'notifications') =>
  injectEffect(booking.service.app, { from, topic: customerTextReplyTopic, payload: { replyId: `SM${String((replies += 1)).padStart(32, '0')}`, appointmentId, answer, at: clock.now().toISOString() } });
/** The appointment as the office's list shows it (every visit here is on Tuesday the 24th). */
const appointment = async (id: number) => {
  const response = await booking.service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-24', headers: staff() });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as StaffAppointment[]).find((listed) => listed.id === id)!;
};
const history = async (id: number) => ((await booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/history`, headers: staff() })).json() as { items: AppointmentHistoryEntry[] }).items;
const office = (id: number, action: 'confirm' | 'cancel', version: number) =>
  booking.service.app.inject({ method: 'POST', url: `/api/appointments/${id}/${action}`, headers: staff(), payload: action === 'cancel' ? { version, reason: 'Customer asked' } : { version } });

describe("a customer's answer to the reminder's text", () => {
  it('C confirms a scheduled visit as the customer, in its history, and a second C changes nothing', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-24', '09:00-10:00');
    expect((await reply(id, 'confirm')).statusCode).toBe(200);
    expect(await appointment(id)).toMatchObject({ status: 'confirmed', confirmedBy: 'The customer, by text', confirmedAt: clock.now().toISOString(), callBackRequestedAt: null });
    expect((await history(id))[0]).toMatchObject({ actor: 'Customer', action: 'confirmed', fromStatus: 'scheduled', toStatus: 'confirmed', detail: 'Answered C to the reminder text' });
    const version = (await appointment(id)).version;
    await reply(id, 'confirm');
    expect((await appointment(id)).version).toBe(version);
  });

  it('R marks the visit for a call back until the office acts on it; a C afterwards ends it too', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-24', '10:00-11:00');
    await reply(id, 'call-back');
    const marked = await appointment(id);
    expect(marked).toMatchObject({ status: 'scheduled', callBackRequestedAt: clock.now().toISOString() });
    expect((await history(id))[0]).toMatchObject({ actor: 'Customer', action: 'call-back-requested', detail: 'Answered R to the reminder text' });
    // The office calls and confirms: the request is done.
    expect((await office(id, 'confirm', marked.version)).statusCode).toBe(200);
    expect(await appointment(id)).toMatchObject({ status: 'confirmed', confirmedBy: 'dana@example.com', callBackRequestedAt: null });

    const other = await bookSlot(booking.service, '2026-11-24', '11:00-12:00');
    await reply(other.id, 'call-back');
    await reply(other.id, 'confirm');
    expect(await appointment(other.id)).toMatchObject({ status: 'confirmed', callBackRequestedAt: null });
  });

  it('leaves a visit cancelled since as it is, and takes the answer from notifications only', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-24', '12:00-13:00');
    expect((await office(id, 'cancel', (await appointment(id)).version)).statusCode).toBe(200);
    await reply(id, 'confirm');
    await reply(id, 'call-back');
    expect(await appointment(id)).toMatchObject({ status: 'cancelled', callBackRequestedAt: null });
    const refused = await reply(id, 'confirm', 'tracking');
    expect(refused.statusCode).not.toBe(200);
    // An appointment that does not exist (deleted with its customer's data) is no error: nothing to change.
    expect((await reply(999_999, 'confirm')).statusCode).toBe(200);
  });
});
