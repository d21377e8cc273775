import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentChangedTopic,
  appointmentDispatchTopic,
  officeActionMessages,
  slotTakenMessage,
  staffRescheduleMessages,
  technicianChangedTopic,
  type AppointmentChanged,
  type AppointmentDispatch,
  type AppointmentHistoryEntry,
  type DispatchBoard,
  type StaffAppointment,
} from '@repo/contracts';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC). Capacity 1, so one booking fills a window.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now, { BOOKING_SLOT_CAPACITY: '1' });

const dispatcher = { ...staffClaims(), email: 'dana@example.com' };
const staff = () => ({ authorization: booking.service.bearer(dispatcher) });
const customer = () => ({ authorization: booking.service.bearer(customerClaims(71)) });

const board = async (date: string) => {
  const response = await booking.service.app.inject({ method: 'GET', url: `/api/appointments/board?date=${date}`, headers: staff() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DispatchBoard;
};
const onBoard = async (date: string, id: number) => (await board(date)).appointments.find((a) => a.id === id)!;
const reschedule = (id: number, payload: object, headers: Record<string, string> = staff()) =>
  booking.service.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule`, payload, headers });
const assign = (id: number, payload: object) => booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload, headers: staff() });
const history = async (id: number) =>
  ((await booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/history`, headers: staff() })).json() as { items: AppointmentHistoryEntry[] }).items;

beforeAll(async () => {
  const response = await injectEffect(booking.service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id: 'tech_a', name: 'Alex Avery', status: 'available', version: 1 }, messageId: randomUUID() });
  expect(response.json()).toMatchObject({ status: 'applied' });
});

describe('the dispatch board', () => {
  it("answers staff the day's arrival windows with their booked places and capacity, and the day's appointments only", async () => {
    const { id } = await bookSlot(booking.service, '2026-11-27', '09:00-10:00');
    await bookSlot(booking.service, '2026-11-28', '09:00-10:00');
    const day = await board('2026-11-27');
    expect(day.date).toBe('2026-11-27');
    expect(day.windows.map((window) => window.timeSlot)).toEqual([
      '08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '13:00-14:00', '14:00-15:00', '15:00-16:00', '16:00-17:00',
    ]);
    expect(day.windows[1]).toEqual({ timeSlot: '09:00-10:00', start: '2026-11-27T14:00:00.000Z', end: '2026-11-27T15:00:00.000Z', booked: 1, capacity: 1 });
    expect(day.windows[0]).toMatchObject({ booked: 0, capacity: 1 });
    expect(day.appointments.map((a) => a.id)).toEqual([id]);
    expect(day.appointments[0]).toMatchObject({ timeSlot: '09:00-10:00', status: 'scheduled', technicianId: null, appliance: 'Refrigerator' });
  });

  it('is for staff only, asked before the date is read', async () => {
    expectApiError(await booking.service.app.inject({ method: 'GET', url: '/api/appointments/board?date=nope' }), 401, 'UNAUTHORIZED');
    expectApiError(await booking.service.app.inject({ method: 'GET', url: '/api/appointments/board?date=nope', headers: customer() }), 403, 'FORBIDDEN');
    expectApiError(await booking.service.app.inject({ method: 'GET', url: '/api/appointments/board?date=2026-02-30', headers: staff() }), 400, 'VALIDATION_ERROR', { 'querystring.date': 'Date is not a real calendar date' });
  });
});

describe('rescheduling for a caller (staff)', () => {
  it('moves the appointment within capacity, keeps its technician, records who moved it and tells the customer and tracking', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-30', '09:00-10:00');
    expect((await assign(id, { technicianId: 'tech_a' })).statusCode).toBe(200);
    const before = await onBoard('2026-11-30', id);
    const confirmed = (await booking.service.app.inject({ method: 'POST', url: `/api/appointments/${id}/confirm`, payload: { version: before.version }, headers: staff() })).json() as StaffAppointment;

    const response = await reschedule(id, { version: confirmed.version, appointmentDate: '2026-11-30', timeSlot: '14:00-15:00' });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json() as StaffAppointment;
    // The promised call was about the old time: the moved visit is scheduled again, to be confirmed anew.
    expect(moved).toMatchObject({ id, timeSlot: '14:00-15:00', technicianId: 'tech_a', status: 'scheduled', confirmedBy: null });
    expect(moved.version).toBeGreaterThan(confirmed.version);

    const day = await board('2026-11-30');
    expect(day.windows.find((w) => w.timeSlot === '09:00-10:00')).toMatchObject({ booked: 0 });
    expect(day.windows.find((w) => w.timeSlot === '14:00-15:00')).toMatchObject({ booked: 1 });
    expect((await history(id))[0]).toMatchObject({
      action: 'rescheduled', actor: 'dana@example.com', fromStatus: 'confirmed', toStatus: 'scheduled', detail: 'From 2026-11-30 09:00-10:00 to 2026-11-30 14:00-15:00',
    });
    const events = (await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic)).filter((event) => event.appointmentId === id);
    expect(events.find((event) => event.version === moved.version)).toMatchObject({ change: 'rescheduled', startsAt: '2026-11-30T14:00:00-05:00' });
    const snapshots = (await publishedEffects<AppointmentDispatch>(booking.service.database, appointmentDispatchTopic)).filter((s) => s.appointmentId === id);
    expect(snapshots.find((s) => s.version === moved.version)).toMatchObject({ technicianId: 'tech_a', startsAt: '2026-11-30T14:00:00-05:00' });
  });

  it('refuses a full window with 409 in words a dispatcher understands, changing nothing', async () => {
    await bookSlot(booking.service, '2026-12-01', '11:00-12:00');
    const { id } = await bookSlot(booking.service, '2026-12-01', '12:00-13:00');
    const { version } = await onBoard('2026-12-01', id);
    const full = staffRescheduleMessages.full.replace('{window}', '11:00 AM - 12:00 PM');
    expectApiError(await reschedule(id, { version, appointmentDate: '2026-12-01', timeSlot: '11:00-12:00' }), 409, 'CONFLICT', { timeSlot: full });
    expect((await reschedule(id, { version, appointmentDate: '2026-12-01', timeSlot: '11:00-12:00' })).json().error.message).toBe(full);
    expect(await onBoard('2026-12-01', id)).toMatchObject({ timeSlot: '12:00-13:00', version });
    expect((await history(id)).map((entry) => entry.action)).toEqual(['booked']);
  });

  it('refuses a stale version, the same window, a window that has started, and a cancelled appointment', async () => {
    const { id } = await bookSlot(booking.service, '2026-12-02', '09:00-10:00');
    const { version } = await onBoard('2026-12-02', id);
    expect((await assign(id, { technicianId: 'tech_a' })).statusCode).toBe(200);
    const stale = await reschedule(id, { version, appointmentDate: '2026-12-02', timeSlot: '10:00-11:00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(officeActionMessages.stale);

    const current = (await onBoard('2026-12-02', id)).version;
    expectApiError(await reschedule(id, { version: current, appointmentDate: '2026-12-02', timeSlot: '09:00-10:00' }), 400, 'VALIDATION_ERROR', { timeSlot: staffRescheduleMessages.sameWindow });
    // Today's 11:00 window starts within the two hours' notice a booking needs.
    expectApiError(await reschedule(id, { version: current, appointmentDate: '2026-11-23', timeSlot: '11:00-12:00' }), 409, 'CONFLICT', { timeSlot: slotTakenMessage });

    const cancelled = (await booking.service.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, payload: { version: current, reason: 'Called off' }, headers: staff() })).json() as StaffAppointment;
    const refused = await reschedule(id, { version: cancelled.version, appointmentDate: '2026-12-02', timeSlot: '10:00-11:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This appointment is cancelled, so it cannot be moved to another time.');
  });

  it('is for staff only, checked before the body is read; the body names a bad field', async () => {
    const { id } = await bookSlot(booking.service, '2026-12-03', '09:00-10:00');
    expectApiError(await reschedule(id, { nonsense: true }, {}), 401, 'UNAUTHORIZED');
    expectApiError(await reschedule(id, { nonsense: true }, customer()), 403, 'FORBIDDEN');
    expectApiError(await reschedule(id, { appointmentDate: '2026-12-03', timeSlot: '10:00-11:00' }), 400, 'VALIDATION_ERROR', { version: officeActionMessages.versionRequired });
    expectApiError(await reschedule(id, { version: 0, appointmentDate: '2026-12-03', timeSlot: 'ten' }), 400, 'VALIDATION_ERROR', { timeSlot: 'Time slot must look like 14:00-15:00' });
    expectApiError(await reschedule(999_999, { version: 0, appointmentDate: '2026-12-03', timeSlot: '10:00-11:00' }), 404, 'NOT_FOUND');
  });
});

describe("assigning with the board's version", () => {
  it('assigns, reassigns and unassigns with the version the office saw, and refuses a stale one', async () => {
    const { id } = await bookSlot(booking.service, '2026-12-04', '09:00-10:00');
    const { version } = await onBoard('2026-12-04', id);
    const assigned = await assign(id, { technicianId: 'tech_a', version });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const stale = await assign(id, { technicianId: null, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(officeActionMessages.stale);
    expect(await onBoard('2026-12-04', id)).toMatchObject({ technicianId: 'tech_a' });

    const unassigned = await assign(id, { technicianId: null, version: (assigned.json() as StaffAppointment).version });
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect((await history(id)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['unassigned', 'dana@example.com'], ['assigned', 'dana@example.com'], ['booked', 'Customer'],
    ]);
    expectApiError(await assign(id, { technicianId: 'tech_a', version: -1 }), 400, 'VALIDATION_ERROR', { version: officeActionMessages.versionRequired });
  });
});
