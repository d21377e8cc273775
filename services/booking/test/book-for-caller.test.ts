import { describe, expect, it } from 'vitest';
import {
  appointmentChangedTopic,
  bookForCallerPath,
  callerBookingMessages,
  slotTakenMessage,
  type AppointmentChanged,
  type AppointmentHistoryEntry,
  type CreateAppointmentResponse,
  type DispatchBoard,
} from '@repo/contracts';
import { expectApiError } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock, validBooking } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern. Capacity 1: one booking fills a window.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now, { BOOKING_SLOT_CAPACITY: '1' });

const dispatcher = { ...staffClaims(), email: 'dana@example.com' };
const staff = () => ({ authorization: booking.service.bearer(dispatcher) });
const customer = () => ({ authorization: booking.service.bearer(customerClaims(71)) });
const technician = () => ({ authorization: booking.service.bearer({ sub: 'technician:1', role: 'technician' as const, technicianId: 'tech_a', sid: 'test-session-tech-0001' }) });

const caller = { ...validBooking, customerName: 'Rosa Caller', email: 'rosa.caller@example.com', phone: '(904) 555-0177' };
const bookForCaller = (payload: object, headers: Record<string, string> = staff()) =>
  booking.service.app.inject({ method: 'POST', url: bookForCallerPath, payload, headers });
const history = async (id: number) => {
  const response = await booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/history`, headers: staff() });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: AppointmentHistoryEntry[] }).items;
};
const windowOf = async (date: string, timeSlot: string) => {
  const response = await booking.service.app.inject({ method: 'GET', url: `/api/appointments/board?date=${date}`, headers: staff() });
  return (response.json() as DispatchBoard).windows.find((window) => window.timeSlot === timeSlot)!;
};

describe('booking for a caller (staff)', () => {
  it('checks who asks before reading the body: 401 without a session, 403 for a customer or a technician', async () => {
    expectApiError(await bookForCaller({ nonsense: true }, {}), 401, 'UNAUTHORIZED');
    expectApiError(await bookForCaller({ nonsense: true }, customer()), 403, 'FORBIDDEN');
    expectApiError(await bookForCaller({ nonsense: true }, technician()), 403, 'FORBIDDEN');
  });

  it('books a window with room, by the office, and the customer hears of it as after an online booking', async () => {
    const response = await bookForCaller({ ...caller, appointmentDate: '2026-11-24', timeSlot: '09:00-10:00', smsConsent: true });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as CreateAppointmentResponse;
    expect(body.appointment).toMatchObject({ customerName: 'Rosa Caller', appointmentDate: '2026-11-24', timeSlot: '09:00-10:00', status: 'scheduled' });
    expect(body.confirmationCode).toMatch(/\S/);

    const [booked] = await history(body.appointment.id);
    expect(booked).toMatchObject({ action: 'booked', actor: 'dana@example.com', toStatus: 'scheduled', detail: callerBookingMessages.forCallerDetail, reason: null });
    const events = await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic);
    expect(events.find((event) => event.appointmentId === body.appointment.id)).toMatchObject({ change: 'booked', email: 'rosa.caller@example.com', smsConsent: true });
    expect(await windowOf('2026-11-24', '09:00-10:00')).toMatchObject({ booked: 1, capacity: 1 });
  });

  it('refuses a full window in the office’s words, then books it over capacity with a reason, kept in the history', async () => {
    await bookSlot(booking.service, '2026-11-24', '10:00-11:00');
    const full = await bookForCaller({ ...caller, appointmentDate: '2026-11-24', timeSlot: '10:00-11:00' });
    expectApiError(full, 409, 'CONFLICT', { timeSlot: callerBookingMessages.full });
    expect(full.json().error.message).toBe(callerBookingMessages.full);

    // Ticked without a reason: the field says what is missing, and nothing is booked.
    const noReason = await bookForCaller({ ...caller, appointmentDate: '2026-11-24', timeSlot: '10:00-11:00', overCapacity: true, overCapacityReason: '  ' });
    expectApiError(noReason, 400, 'VALIDATION_ERROR');
    expect(noReason.json().error.fields).toMatchObject({ overCapacityReason: callerBookingMessages.reasonRequired });
    expect(await windowOf('2026-11-24', '10:00-11:00')).toMatchObject({ booked: 1 });

    const over = await bookForCaller({ ...caller, appointmentDate: '2026-11-24', timeSlot: '10:00-11:00', overCapacity: true, overCapacityReason: 'Regular customer, Mike can fit it in' });
    expect(over.statusCode, over.body).toBe(201);
    const { appointment } = over.json() as CreateAppointmentResponse;
    expect(await windowOf('2026-11-24', '10:00-11:00')).toMatchObject({ booked: 2, capacity: 1 });
    const [booked] = await history(appointment.id);
    expect(booked).toMatchObject({ action: 'booked', actor: 'dana@example.com', detail: callerBookingMessages.overCapacityDetail, reason: 'Regular customer, Mike can fit it in' });

    // The public site still sees the window as taken.
    const online = await booking.service.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...validBooking, appointmentDate: '2026-11-24', timeSlot: '10:00-11:00' } });
    expectApiError(online, 409, 'CONFLICT', { timeSlot: slotTakenMessage });
    expect(online.json().error.message).toBe(slotTakenMessage);
  });

  it('books a window with room normally even when over capacity was ticked: no override is recorded', async () => {
    const response = await bookForCaller({ ...caller, appointmentDate: '2026-11-24', timeSlot: '11:00-12:00', overCapacity: true, overCapacityReason: 'just in case' });
    expect(response.statusCode, response.body).toBe(201);
    const [booked] = await history((response.json() as CreateAppointmentResponse).appointment.id);
    expect(booked).toMatchObject({ detail: callerBookingMessages.forCallerDetail, reason: null });
  });

  it('keeps the public rules the office cannot override: Sundays, past windows, closures', async () => {
    // Sunday 29 November.
    const sunday = await bookForCaller({ ...caller, appointmentDate: '2026-11-29', timeSlot: '09:00-10:00', overCapacity: true, overCapacityReason: 'asked for it' });
    expectApiError(sunday, 400, 'VALIDATION_ERROR');
    expect(sunday.json().error.fields.appointmentDate).toMatch(/\S/);
    // Today's 09:00 window began an hour ago.
    expectApiError(await bookForCaller({ ...caller, appointmentDate: '2026-11-23', timeSlot: '09:00-10:00', overCapacity: true, overCapacityReason: 'late' }), 409, 'CONFLICT', { timeSlot: slotTakenMessage });

    const closed = await booking.service.app.inject({ method: 'POST', url: '/api/appointments/closures', payload: { date: '2026-11-26', reason: 'Thanksgiving' }, headers: staff() });
    expect(closed.statusCode, closed.body).toBe(201);
    const refused = await bookForCaller({ ...caller, appointmentDate: '2026-11-26', timeSlot: '09:00-10:00', overCapacity: true, overCapacityReason: 'asked for it' });
    expectApiError(refused, 409, 'CONFLICT', { appointmentDate: refused.json().error.message });
    expect(refused.json().error.message).toMatch(/^We are closed on .*Thanksgiving/);
  });

  it('answers a retry with the same Idempotency-Key with the first booking, not a second one', async () => {
    const payload = { ...caller, appointmentDate: '2026-11-25', timeSlot: '13:00-14:00' };
    const headers = { ...staff(), 'idempotency-key': 'caller-form-0001-abcdef' };
    const [first, second] = await Promise.all([bookForCaller(payload, headers), bookForCaller(payload, headers)]);
    const answers = [first, second].map((response) => response.statusCode).sort();
    // Both land on one appointment, or the racing one is told it is being processed; never two bookings.
    expect(answers[0]).toBe(201);
    const retried = await bookForCaller(payload, headers);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((retried.json() as CreateAppointmentResponse).appointment.id).toBe((first.statusCode === 201 ? first : second).json().appointment.id);
    expect(await windowOf('2026-11-25', '13:00-14:00')).toMatchObject({ booked: 1 });
  });
});
