import { describe, expect, it } from 'vitest';
import type { AvailableSlotsResponse, Closure, ClosureList, DispatchBoard } from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock, validBooking } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC): Thanksgiving, Thursday the 26th, is in the booking window.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

const office = { ...staffClaims(), email: 'dana@example.com' };
const staff = () => ({ authorization: booking.service.bearer(office) });
const customer = () => ({ authorization: booking.service.bearer(customerClaims(71)) });
type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> };
const inject = (call: Call) => booking.service.app.inject(call);

const close = (payload: object, headers: Record<string, string> = staff()) => inject({ method: 'POST', url: '/api/appointments/closures', payload, headers });
const reopenDay = (date: string) => inject({ method: 'DELETE', url: `/api/appointments/closures/${date}`, headers: staff() });
const closures = async () => {
  const response = await inject({ method: 'GET', url: '/api/appointments/closures', headers: staff() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClosureList;
};
const slots = async (date: string) => {
  const response = await inject({ method: 'GET', url: `/api/appointments/available-slots?date=${date}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AvailableSlotsResponse;
};
const book = (appointmentDate: string, timeSlot: string) => inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate, timeSlot } });

const thanksgivingClosed = 'We are closed on Thursday, November 26 (Thanksgiving). Please choose another day.';

describe('closures (staff)', () => {
  it('are for staff and administrators only, asked before the body is read', async () => {
    expectApiError(await close({ date: 'nope' }, {}), 401, 'UNAUTHORIZED');
    expectApiError(await close({ date: 'nope' }, customer()), 403, 'FORBIDDEN');
    expectApiError(await inject({ method: 'GET', url: '/api/appointments/closures', headers: customer() }), 403, 'FORBIDDEN');
    expectApiError(await inject({ method: 'DELETE', url: '/api/appointments/closures/nope' }), 401, 'UNAUTHORIZED');
    const admin = await inject({ method: 'GET', url: '/api/appointments/closures', headers: { authorization: booking.service.bearer({ sub: 'admin:1', role: 'admin', sid: 'test-session-admin-0001' }) } });
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('refuse bad input with a message beside each field', async () => {
    expectApiError(await close({}), 400, 'VALIDATION_ERROR', { 'date': 'Date is required' });
    expectApiError(await close({ date: '2026-02-30' }), 400, 'VALIDATION_ERROR', { 'date': 'Date is not a real calendar date' });
    expectApiError(await close({ date: '2026-12-01', reason: 'x'.repeat(121) }), 400, 'VALIDATION_ERROR', { 'reason': 'Reason must be at most 120 characters' });
    expectApiError(await close({ date: '2026-12-01', openSlots: [] }), 400, 'VALIDATION_ERROR', { 'openSlots': 'Choose at least one arrival window that stays open, or close the whole day' });
    expectApiError(await close({ date: '2026-12-01', openSlots: ['08:00-09:00', '08:00-09:00'] }), 400, 'VALIDATION_ERROR', { 'openSlots': 'Each arrival window can be listed only once' });
    expectApiError(await close({ date: '2026-12-01', openSlots: ['8am'] }), 400, 'VALIDATION_ERROR', { 'openSlots.0': 'Time slot must look like 14:00-15:00' });
    expectApiError(await close({ date: '2026-12-01', openSlots: ['07:00-08:00'] }), 400, 'VALIDATION_ERROR', { openSlots: 'Choose from the arrival windows the day offers' });
    expectApiError(await close({ date: '2026-11-22' }), 400, 'VALIDATION_ERROR', { date: 'Choose today or a later date' });
    expectApiError(await inject({ method: 'DELETE', url: '/api/appointments/closures/2026-13-01', headers: staff() }), 400, 'VALIDATION_ERROR');
    expect((await closures()).items).toEqual([]);
  });

  it('close Thanksgiving: the wizard is offered no time that day, and booking it is refused in the customer\'s words', async () => {
    expect((await slots('2026-11-26')).availableSlots).toHaveLength(9);
    const response = await close({ date: '2026-11-26', reason: ' Thanksgiving ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      date: '2026-11-26', reason: 'Thanksgiving', openSlots: null, createdBy: 'dana@example.com', createdAt: expect.any(String), visitsToMove: 0,
    } satisfies Closure);

    expect(await slots('2026-11-26')).toEqual({ date: '2026-11-26', availableSlots: [], reason: thanksgivingClosed });
    const refused = await book('2026-11-26', '09:00-10:00');
    expectApiError(refused, 409, 'CONFLICT', { appointmentDate: thanksgivingClosed });
    expect(refused.json()).toMatchObject({ error: { message: thanksgivingClosed } });

    expectApiError(await close({ date: '2026-11-26' }), 409, 'CONFLICT', { date: 'That day already has a closure. Remove it first to change it.' });
    expect((await closures()).items.map((item) => item.date)).toContain('2026-11-26');
  });

  it('keep reduced hours: only the listed windows are offered and booked', async () => {
    const response = await close({ date: '2026-11-28', reason: 'Staff training', openSlots: ['13:00-14:00', '08:00-09:00'] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ openSlots: ['08:00-09:00', '13:00-14:00'] });

    expect((await slots('2026-11-28')).availableSlots).toEqual(['08:00-09:00', '13:00-14:00']);
    expectApiError(await book('2026-11-28', '10:00-11:00'), 409, 'CONFLICT', {
      timeSlot: 'We keep reduced hours on Saturday, November 28 (Staff training), and that time is not offered. Please choose one of the listed times.',
    });
    expect((await book('2026-11-28', '13:00-14:00')).statusCode).toBe(201);
  });

  it('refuse moving a visit into them: the office in its words, the customer in theirs', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00');
    await close({ date: '2026-12-01', reason: 'Inventory' });
    const version = ((await inject({ method: 'GET', url: '/api/appointments/board?date=2026-11-25', headers: staff() })).json() as DispatchBoard).appointments[0]!.version;

    expectApiError(await inject({ method: 'POST', url: `/api/appointments/${id}/reschedule`, headers: staff(), payload: { version, appointmentDate: '2026-12-01', timeSlot: '09:00-10:00' } }), 409, 'CONFLICT', {
      appointmentDate: 'The business is closed on Tuesday, December 1 (Inventory): no visit can be moved there. Choose another day, or remove the closure first.',
    });
    expectApiError(await inject({ method: 'POST', url: `/api/appointments/${id}/reschedule`, headers: staff(), payload: { version, appointmentDate: '2026-11-28', timeSlot: '15:00-16:00' } }), 409, 'CONFLICT', {
      timeSlot: 'On Saturday, November 28 (Staff training) only reduced hours are open, and the 3:00 PM - 4:00 PM window is not one of them. Choose an open window.',
    });
    expectApiError(await booking.page.reschedule(id, { appointmentDate: '2026-12-01', timeSlot: '09:00-10:00' }, { token: manageToken }), 409, 'CONFLICT', {
      appointmentDate: 'We are closed on Tuesday, December 1 (Inventory). Please choose another day.',
    });
    // The board of a closed day says so, for its warnings before a drop.
    const closedBoard = (await inject({ method: 'GET', url: '/api/appointments/board?date=2026-12-01', headers: staff() })).json() as DispatchBoard;
    expect(closedBoard.closure).toEqual({ reason: 'Inventory', openSlots: null });
    expect(((await inject({ method: 'GET', url: '/api/appointments/board?date=2026-11-25', headers: staff() })).json() as DispatchBoard).closure).toBeNull();
    // The visit did not move; an open window of the reduced day is still fine.
    const moved = await inject({ method: 'POST', url: `/api/appointments/${id}/reschedule`, headers: staff(), payload: { version, appointmentDate: '2026-11-28', timeSlot: '08:00-09:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuse reopening a visit cancelled before its day was closed', async () => {
    const { id } = await bookSlot(booking.service, '2026-12-02', '09:00-10:00');
    const seen = async () => ((await inject({ method: 'GET', url: '/api/appointments/board?date=2026-12-02', headers: staff() })).json() as DispatchBoard).appointments.find((a) => a.id === id)!.version;
    const cancelled = await inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: staff(), payload: { version: await seen(), reason: 'Caller asked' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await close({ date: '2026-12-02', reason: 'Flooding' });
    expectApiError(await inject({ method: 'POST', url: `/api/appointments/${id}/reopen`, headers: staff(), payload: { version: await seen() } }), 409, 'CONFLICT', {
      appointmentDate: "The business is closed for this visit's time on Wednesday, December 2 (Flooding), so it cannot be reopened there. Remove the closure first, or book the customer another time.",
    });
    await reopenDay('2026-12-02');
    expect((await inject({ method: 'POST', url: `/api/appointments/${id}/reopen`, headers: staff(), payload: { version: await seen() } })).statusCode).toBe(200);
  });

  it('count the visits already booked outside what stays open, for the office to call', async () => {
    await bookSlot(booking.service, '2026-11-30', '09:00-10:00');
    await bookSlot(booking.service, '2026-11-30', '14:00-15:00');
    const response = await close({ date: '2026-11-30', openSlots: ['09:00-10:00'] });
    expect(response.json()).toMatchObject({ date: '2026-11-30', reason: null, visitsToMove: 1 });
    expect((await closures()).items.find((item) => item.date === '2026-11-30')).toMatchObject({ visitsToMove: 1 });
  });

  it('show the booking calendar, to anyone, the bookable days closed all day with their reasons (not reduced hours, nor days past the window)', async () => {
    // Past the 14 booking days: closed, but no one can pick it.
    expect((await close({ date: '2027-01-15', reason: 'Far off' })).statusCode).toBe(201);
    const response = await inject({ method: 'GET', url: '/api/appointments/closed-days' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ days: [{ date: '2026-11-26', reason: 'Thanksgiving' }, { date: '2026-12-01', reason: 'Inventory' }] });
    expect((await reopenDay('2027-01-15')).statusCode).toBe(204);
  });

  it('are listed from today in date order with the windows of a normal day, and removing one offers the day again', async () => {
    const list = await closures();
    expect(list.items.map((item) => item.date)).toEqual(['2026-11-26', '2026-11-28', '2026-11-30', '2026-12-01']);
    expect(list.daySlots).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00']);

    const removed = await reopenDay('2026-11-26');
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await slots('2026-11-26')).availableSlots).toHaveLength(9);
    expect((await book('2026-11-26', '09:00-10:00')).statusCode).toBe(201);
    expectApiError(await reopenDay('2026-11-26'), 404, 'NOT_FOUND');
  });
});
