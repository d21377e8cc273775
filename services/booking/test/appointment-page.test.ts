import { describe, expect, it } from 'vitest';
import { appointmentPageMessages, business, slotTakenMessage } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, buildBooking, customerClaims, pageCalls, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC).
const monday = '2026-11-23T15:00:00Z';
const clock = testClock(monday);
const booking = bookingForTests(clock.now);

const owner = () => ({ authorization: booking.service.bearer(customerClaims(61)) });
const stranger = () => ({ authorization: booking.service.bearer(customerClaims(62)) });
const pastCutoff = appointmentPageMessages.pastCutoff.replace('{hours}', '24').replace('{phone}', business.phoneDisplay);
const notChangeable = appointmentPageMessages.notChangeable.replace('{phone}', business.phoneDisplay);
const counter = async (date: string, slot: string) =>
  (await booking.service.db.selectFrom('slot_bookings').select('booked').where('appointment_date', '=', date).where('time_slot', '=', slot).executeTakeFirst())?.booked ?? 0;
const setStatus = (id: number, status: string) =>
  booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, payload: { status }, headers: { authorization: booking.service.bearer(staffClaims()) } });

describe('who may open an appointment', () => {
  it('shows a guest their appointment through the manage link: times in Eastern time, change rules and fresh links', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00');
    const response = await booking.page.details(id, { token: manageToken });
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details).toMatchObject({
      appointment: { id, appointmentDate: '2026-11-25', timeSlot: '09:00-10:00', status: 'scheduled', customerId: null },
      startsAt: '2026-11-25T09:00:00-05:00',
      endsAt: '2026-11-25T10:00:00-05:00',
      canChange: true,
      changeCutoffHours: 24,
      trackToken: expect.any(String),
      manageToken: expect.any(String),
    });
    expect(details).not.toHaveProperty('changeBlockedReason');
    // The fresh manage token opens the page; the track token opens only the tracking booking.page.
    expect((await booking.page.details(id, { token: details.manageToken })).statusCode).toBe(200);
    for (const call of [booking.page.details(id, { token: details.trackToken }), booking.page.cancel(id, { token: details.trackToken }),
      booking.page.reschedule(id, { appointmentDate: '2026-11-26', timeSlot: '09:00-10:00' }, { token: details.trackToken }), booking.page.calendar(id, { token: details.trackToken })]) {
      const refused = await call;
      expectApiError(refused, 403, 'FORBIDDEN');
      expect(refused.json().error.message).toBe(appointmentPageMessages.trackOnly);
    }
    expect((await booking.service.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('scheduled');
  });

  it('shows the owner their appointment through their session; anyone else gets the answer of a missing id', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '10:00-11:00', owner());
    expect((await booking.page.details(id, owner())).json()).toMatchObject({ appointment: { id, customerId: 61 }, canChange: true });

    const theirs = await booking.page.details(id, stranger());
    const missing = await booking.page.details(999_999, stranger());
    expectApiError(theirs, 404, 'NOT_FOUND');
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json().error.message).toBe(appointmentPageMessages.notFound);
    for (const call of [booking.page.cancel(id, stranger()), booking.page.calendar(id, stranger()), booking.page.reschedule(id, { appointmentDate: '2026-11-26', timeSlot: '10:00-11:00' }, stranger())]) {
      expectApiError(await call, 404, 'NOT_FOUND');
    }
    expectApiError(await booking.page.details(id, { authorization: booking.service.bearer(staffClaims()) }), 403, 'FORBIDDEN');
  });

  it('asks an anonymous caller to sign in (401), and says a bad link has expired', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-25', '11:00-12:00');
    expectApiError(await booking.page.details(id), 401, 'UNAUTHORIZED');
    for (const token of ['', 'not-a-token', `${manageToken.slice(0, -2)}xx`]) {
      const response = await booking.page.details(id, { token });
      expectApiError(response, 401, 'UNAUTHORIZED');
      expect(response.json().error.message).toBe(appointmentPageMessages.linkExpired);
    }
    const other = await bookSlot(booking.service, '2026-11-25', '12:00-13:00');
    expectApiError(await booking.page.details(other.id, { token: manageToken }), 404, 'NOT_FOUND');
  });

  it('lets a link through beside a stale session cookie or an ended session', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-25', '13:00-14:00');
    const response = await booking.service.app.inject({ method: 'GET', url: `/api/customer/appointments/${id}`, headers: { 'x-appointment-access': manageToken, cookie: 'session=expired-or-forged' } });
    expect(response.statusCode).toBe(200);
    const ended = { ...customerClaims(63), sid: 'test-session-ended-0063' };
    const authorization = booking.service.bearer(ended);
    booking.service.endSession(ended.sid);
    expect((await booking.page.details(id, { token: manageToken, authorization })).statusCode).toBe(200);
    expectApiError(await booking.page.details(id, { authorization }), 401, 'UNAUTHORIZED');
  });

  it('checks access before the body: no caller learns anything from what they send', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '14:00-15:00', owner());
    expectApiError(await booking.page.reschedule(id, { appointmentDate: 'soon' }), 401, 'UNAUTHORIZED');
    expectApiError(await booking.page.reschedule(id, { appointmentDate: 'soon' }, stranger()), 404, 'NOT_FOUND');
    expectApiError(await booking.page.reschedule(id, { appointmentDate: 'soon' }, { token: 'forged' }), 401, 'UNAUTHORIZED');
    const own = await booking.page.reschedule(id, { appointmentDate: 'soon' }, owner());
    expectApiError(own, 400, 'VALIDATION_ERROR', { appointmentDate: 'Date must be in YYYY-MM-DD form', timeSlot: 'Time slot is required' });
  });

  it('ends a link a day after the appointment\'s slot, while the owner keeps access without links', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-26', '08:00-09:00', owner());
    try {
      clock.set('2026-11-27T13:59:00Z'); // 08:59 on the 27th: a day after the slot ended, less a minute
      expect((await booking.page.details(id, { token: manageToken })).statusCode).toBe(200);
      clock.set('2026-11-27T14:00:00Z');
      const expired = await booking.page.details(id, { token: manageToken });
      expectApiError(expired, 401, 'UNAUTHORIZED');
      expect(expired.json().error.message).toBe(appointmentPageMessages.linkExpired);
      const own = (await booking.page.details(id, owner())).json();
      expect(own).toMatchObject({ canChange: false, changeBlockedReason: notChangeable });
      expect(own).not.toHaveProperty('manageToken');
      expect(own).not.toHaveProperty('trackToken');
    } finally {
      clock.set(monday);
    }
  });

  it('keeps a link working after the appointment moves later than the slot it was issued for', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-26', '09:00-10:00');
    expect((await booking.page.reschedule(id, { appointmentDate: '2026-12-03', timeSlot: '09:00-10:00' }, { token: manageToken })).statusCode).toBe(200);
    try {
      clock.set('2026-11-30T15:00:00Z'); // past the first slot and its day of grace
      expect((await booking.page.details(id, { token: manageToken })).json().appointment.appointmentDate).toBe('2026-12-03');
    } finally {
      clock.set(monday);
    }
  });
});

describe('reschedule', () => {
  it('moves the appointment to another free slot: one place taken, the old one given back, to be confirmed again', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-27', '09:00-10:00');
    expect((await setStatus(id, 'confirmed')).statusCode).toBe(200);
    const moved = await booking.page.reschedule(id, { appointmentDate: '2026-11-30', timeSlot: '15:00-16:00' }, { token: manageToken });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      appointment: { id, appointmentDate: '2026-11-30', timeSlot: '15:00-16:00', status: 'scheduled' },
      startsAt: '2026-11-30T15:00:00-05:00',
      canChange: true,
    });
    expect(await counter('2026-11-27', '09:00-10:00')).toBe(0);
    expect(await counter('2026-11-30', '15:00-16:00')).toBe(1);
    const slots = await booking.service.app.inject({ method: 'GET', url: '/api/appointments/available-slots?date=2026-11-27' });
    expect(slots.json().availableSlots).toContain('09:00-10:00');
  });

  it('refuses the time it already has, on the time slot field', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-27', '10:00-11:00');
    const same = await booking.page.reschedule(id, { appointmentDate: '2026-11-27', timeSlot: '10:00-11:00' }, { token: manageToken });
    expectApiError(same, 400, 'VALIDATION_ERROR', { timeSlot: appointmentPageMessages.sameSlot });
  });

  it('holds the new time to the rules of a new booking', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-27', '11:00-12:00');
    const move = (appointmentDate: string, timeSlot: string) => booking.page.reschedule(id, { appointmentDate, timeSlot }, { token: manageToken });
    expect((await move('2026-11-29', '09:00-10:00')).json().error.fields.appointmentDate).toMatch(/Sundays/);
    expect((await move('2026-12-31', '09:00-10:00')).json().error.fields.appointmentDate).toMatch(/14 days/);
    expect((await move('2026-11-20', '09:00-10:00')).json().error.fields.appointmentDate).toMatch(/passed/);
    expect((await move('2026-11-28', '07:00-08:00')).json().error.fields.timeSlot).toMatch(/not offered/);
    expectApiError(await move('2026-11-23', '11:00-12:00'), 409, 'CONFLICT', { timeSlot: slotTakenMessage });
    expectApiError(await move('2026-02-30', '09:00-10:00'), 400, 'VALIDATION_ERROR', { appointmentDate: 'Date is not a real calendar date' });
    expect((await booking.service.db.selectFrom('appointments').select(['appointment_date', 'time_slot']).where('id', '=', id).executeTakeFirstOrThrow()))
      .toEqual({ appointment_date: '2026-11-27', time_slot: '11:00-12:00' });
  });

  it('refuses a full slot with the slot-taken message and changes nothing', async () => {
    await bookSlot(booking.service, '2026-12-01', '08:00-09:00');
    await bookSlot(booking.service, '2026-12-01', '08:00-09:00');
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-27', '12:00-13:00');
    const full = await booking.page.reschedule(id, { appointmentDate: '2026-12-01', timeSlot: '08:00-09:00' }, { token: manageToken });
    expectApiError(full, 409, 'CONFLICT', { timeSlot: slotTakenMessage });
    expect(await counter('2026-12-01', '08:00-09:00')).toBe(2);
    expect(await counter('2026-11-27', '12:00-13:00')).toBe(1);
  });

  it('asks for a call within the cut-off, naming the hours and the phone number', async () => {
    // Tuesday 09:00 is 23 hours away.
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-24', '09:00-10:00');
    expect((await booking.page.details(id, { token: manageToken })).json()).toMatchObject({ canChange: false, changeBlockedReason: pastCutoff });
    const late = await booking.page.reschedule(id, { appointmentDate: '2026-11-27', timeSlot: '13:00-14:00' }, { token: manageToken });
    expectApiError(late, 409, 'CONFLICT');
    expect(late.json().error.message).toBe(pastCutoff);
    expect(pastCutoff).toContain('less than 24 hours');
    expect(pastCutoff).toContain('(904) 802-1998');
  });

  it('refuses to move an appointment under way, done or cancelled', async () => {
    const cases = [['in-progress', notChangeable, '09:00-10:00'], ['completed', notChangeable, '11:00-12:00'], ['cancelled', appointmentPageMessages.alreadyCancelled, '12:00-13:00']] as const;
    for (const [status, message, slot] of cases) {
      const { id, manageToken } = await bookSlot(booking.service, '2026-11-28', slot);
      expect((await setStatus(id, status)).statusCode).toBe(200);
      const refused = await booking.page.reschedule(id, { appointmentDate: '2026-11-28', timeSlot: '10:00-11:00' }, { token: manageToken });
      expectApiError(refused, 409, 'CONFLICT');
      expect(refused.json().error.message).toBe(message);
      expect((await booking.page.details(id, { token: manageToken })).json()).toMatchObject({ canChange: false, changeBlockedReason: message });
    }
  });
});

describe('cancel', () => {
  it('cancels and frees the place; a second cancel says it is already cancelled', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-12-02', '10:00-11:00', owner());
    expect(await counter('2026-12-02', '10:00-11:00')).toBe(1);
    const cancelled = await booking.page.cancel(id, owner());
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ appointment: { id, status: 'cancelled' }, canChange: false, changeBlockedReason: appointmentPageMessages.alreadyCancelled });
    expect(await counter('2026-12-02', '10:00-11:00')).toBe(0);
    const again = await booking.page.cancel(id, { token: manageToken });
    expectApiError(again, 409, 'CONFLICT');
    expect(again.json().error.message).toBe(appointmentPageMessages.alreadyCancelled);
    expect(await counter('2026-12-02', '10:00-11:00')).toBe(0);
  });

  it('refuses within the cut-off and for work under way or done', async () => {
    const soon = await bookSlot(booking.service, '2026-11-24', '10:00-11:00');
    const late = await booking.page.cancel(soon.id, { token: soon.manageToken });
    expectApiError(late, 409, 'CONFLICT');
    expect(late.json().error.message).toBe(pastCutoff);
    const done = await bookSlot(booking.service, '2026-12-02', '11:00-12:00');
    await setStatus(done.id, 'completed');
    expect((await booking.page.cancel(done.id, { token: done.manageToken })).json().error.message).toBe(notChangeable);
    expect(await counter('2026-11-24', '10:00-11:00')).toBe(1);
  });
});

describe('the cut-off is configurable', () => {
  it('lets a change through later when BOOKING_CHANGE_CUTOFF_HOURS is smaller', async () => {
    const shortCutoff = await buildBooking(clock.now, { BOOKING_CHANGE_CUTOFF_HOURS: '2' });
    try {
      const { id, manageToken } = await bookSlot(shortCutoff, '2026-11-24', '09:00-10:00');
      const calls = pageCalls(shortCutoff);
      expect((await calls.details(id, { token: manageToken })).json()).toMatchObject({ canChange: true, changeCutoffHours: 2 });
      expect((await calls.cancel(id, { token: manageToken })).statusCode).toBe(200);
    } finally {
      await shortCutoff.close();
    }
  });
});
