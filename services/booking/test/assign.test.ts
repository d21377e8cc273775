import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentCompletedTopic,
  appointmentDispatchTopic,
  appointmentPageApi,
  assignMessages,
  shownAppointmentStatus,
  technicianChangedTopic,
  visitProgressedTopic,
  type AppointmentDetails,
  type AppointmentDispatch,
  type AppointmentHistoryEntry,
  type StaffAppointment,
  type VisitStage,
} from '@repo/contracts';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC).
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now);

const staff = () => ({ authorization: booking.service.bearer(staffClaims()) });
const owner = () => ({ authorization: booking.service.bearer(customerClaims(71)) });
const assign = (id: number | string, payload: unknown, headers: Record<string, string> = staff()) =>
  booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload: payload as object, headers });
const setStatus = (id: number, status: string) =>
  booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, payload: { status }, headers: staff() });
const technicianChanged = (payload: object, messageId = randomUUID()) =>
  injectEffect(booking.service.app, { from: 'tracking', topic: technicianChangedTopic, payload, messageId });
const completed = (appointmentId: number, messageId = randomUUID()) =>
  injectEffect(booking.service.app, { from: 'tracking', topic: appointmentCompletedTopic, payload: { appointmentId, technicianId: 'tech_a', completedAt: '2026-11-25T15:00:00.000Z' }, messageId });

/** The snapshots booking's outbox holds for tracking about one appointment, in version order. */
async function snapshots(appointmentId: number): Promise<AppointmentDispatch[]> {
  const published = await publishedEffects<AppointmentDispatch>(booking.service.database, appointmentDispatchTopic);
  return published.filter((payload) => payload.appointmentId === appointmentId).sort((a, b) => a.version - b.version);
}

beforeAll(async () => {
  for (const [id, name] of [['tech_a', 'Alex Avery'], ['tech_b', 'Bea Brooks']] as const) {
    expect((await technicianChanged({ id, name, status: 'available', version: 1 })).json()).toMatchObject({ status: 'applied' });
  }
});

describe('the technician replica', () => {
  it('keeps the newest snapshot tracking sent, whatever order they arrive in, and only from tracking', async () => {
    expect((await technicianChanged({ id: 'tech_c', name: 'Cam Newer', status: 'busy', version: 5 })).json()).toMatchObject({ status: 'applied' });
    expect((await technicianChanged({ id: 'tech_c', name: 'Cam Older', status: 'available', version: 4 })).json()).toMatchObject({ status: 'applied' });
    expect(await booking.service.db.selectFrom('technicians').select(['name', 'status', 'version']).where('id', '=', 'tech_c').executeTakeFirst())
      .toEqual({ name: 'Cam Newer', status: 'busy', version: 5 });

    const fromAccounts = await injectEffect(booking.service.app, { from: 'accounts', topic: technicianChangedTopic, payload: { id: 'tech_x', name: 'X', status: 'available', version: 1 } });
    expectApiError(fromAccounts, 403, 'FORBIDDEN');
    expectApiError(await technicianChanged({ id: 'tech_x', name: 'X', status: 'asleep', version: 1 }), 400, 'VALIDATION_ERROR', { status: expect.any(String) });
  });
});

describe('assigning a technician', () => {
  it('sets the technician and puts the appointment’s snapshot for tracking into the same transaction', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00', owner());
    expect(await snapshots(id)).toEqual([]);

    const response = await assign(id, { technicianId: 'tech_a' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, technicianId: 'tech_a', status: 'scheduled', scheduledTime: '2026-11-25T09:00:00-05:00' });
    const [snapshot, ...rest] = await snapshots(id);
    expect(rest).toEqual([]);
    expect(snapshot).toEqual({
      appointmentId: id, version: expect.any(Number), technicianId: 'tech_a', status: 'scheduled', customerId: 71,
      customerName: 'Jordan Reyes', phone: '(904) 555-0100', address: '12 King St', city: 'St Augustine', state: 'FL', zipCode: '32084',
      serviceType: 'Repair', appliance: 'Refrigerator', brand: 'Sub-Zero', startsAt: '2026-11-25T09:00:00-05:00', endsAt: '2026-11-25T10:00:00-05:00',
    });

    // The same technician again changes nothing and tells no one.
    expect((await assign(id, { technicianId: 'tech_a' })).statusCode).toBe(200);
    expect(await snapshots(id)).toHaveLength(1);

    const list = (await booking.service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-25', headers: staff() })).json() as StaffAppointment[];
    expect(list.find((appointment) => appointment.id === id)).toMatchObject({ technicianId: 'tech_a', scheduledTime: '2026-11-25T09:00:00-05:00' });
  });

  it('reassigns and unassigns, each change a newer snapshot', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '10:00-11:00');
    await assign(id, { technicianId: 'tech_a' });
    expect((await assign(id, { technicianId: 'tech_b' })).json()).toMatchObject({ technicianId: 'tech_b' });
    expect((await assign(id, { technicianId: null })).json()).toMatchObject({ technicianId: null });
    const sent = await snapshots(id);
    expect(sent.map((s) => s.technicianId)).toEqual(['tech_a', 'tech_b', null]);
    expect(new Set(sent.map((s) => s.version)).size).toBe(3);
    // With no technician before or after, a status change does not concern tracking.
    expect((await setStatus(id, 'confirmed')).statusCode).toBe(200);
    expect(await snapshots(id)).toHaveLength(3);
  });

  it('tells tracking of a reschedule, a cancellation and a staff status change of an assigned appointment', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-11-25', '11:00-12:00');
    await assign(id, { technicianId: 'tech_a' });
    expect((await setStatus(id, 'confirmed')).statusCode).toBe(200);
    const headers = { 'x-appointment-access': manageToken };
    const moved = await booking.service.app.inject({ method: 'PUT', url: `/api/customer/appointments/${id}/reschedule`, headers, payload: { appointmentDate: '2026-11-26', timeSlot: '11:00-12:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await booking.service.app.inject({ method: 'POST', url: `/api/customer/appointments/${id}/cancel`, headers })).statusCode).toBe(200);

    const sent = await snapshots(id);
    expect(sent.map((s) => [s.status, s.startsAt, s.technicianId])).toEqual([
      ['scheduled', '2026-11-25T11:00:00-05:00', 'tech_a'],
      ['confirmed', '2026-11-25T11:00:00-05:00', 'tech_a'],
      ['scheduled', '2026-11-26T11:00:00-05:00', 'tech_a'],
      ['cancelled', '2026-11-26T11:00:00-05:00', 'tech_a'],
    ]);
    const versions = sent.map((s) => s.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('refuses a cancelled or completed appointment with 409, an unknown technician with 400 next to the field', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '12:00-13:00');
    const unknown = await assign(id, { technicianId: 'tech_nobody' });
    expectApiError(unknown, 400, 'VALIDATION_ERROR', { technicianId: assignMessages.technicianNotFound });

    expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
    const cancelled = await assign(id, { technicianId: 'tech_a' });
    expectApiError(cancelled, 409, 'CONFLICT');
    expect(cancelled.json().error.message).toBe(assignMessages.cancelled);

    expect((await setStatus(id, 'completed')).statusCode).toBe(200);
    const done = await assign(id, { technicianId: null });
    expectApiError(done, 409, 'CONFLICT');
    expect(done.json().error.message).toBe(assignMessages.completed);
    expect(await snapshots(id)).toEqual([]);
  });

  it('answers bad input with 4xx and the error shape, and only staff may assign, checked before the body', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '13:00-14:00');
    expectApiError(await assign(id, {}), 400, 'VALIDATION_ERROR', { technicianId: 'Technician is required' });
    expectApiError(await assign(id, { technicianId: '' }), 400, 'VALIDATION_ERROR', { technicianId: 'Technician is required' });
    expectApiError(await assign(id, { technicianId: 42 }), 400, 'VALIDATION_ERROR', { technicianId: expect.any(String) });
    expectApiError(await assign(id, { technicianId: 'x'.repeat(65) }), 400, 'VALIDATION_ERROR', { technicianId: assignMessages.technicianNotFound });
    expectApiError(await assign(' 1', { technicianId: 'tech_a' }), 400, 'VALIDATION_ERROR');
    expectApiError(await assign('0x10', { technicianId: 'tech_a' }), 400, 'VALIDATION_ERROR');
    expectApiError(await assign(999_999, { technicianId: 'tech_a' }), 404, 'NOT_FOUND');

    const anonymous = await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload: '{"technicianId":', headers: { 'content-type': 'application/json' } });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
    expectApiError(await assign(id, { technicianId: 'tech_a' }, owner()), 403, 'FORBIDDEN');
    expect(await snapshots(id)).toEqual([]);
  });
});

describe('completion from tracking', () => {
  it('completes the appointment once and tells tracking; a cancelled or unknown appointment is left alone', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '14:00-15:00');
    await assign(id, { technicianId: 'tech_a' });
    const messageId = randomUUID();
    expect((await completed(id, messageId)).json()).toEqual({ messageId, status: 'applied' });
    expect((await completed(id, messageId)).json()).toEqual({ messageId, status: 'duplicate' });
    expect((await completed(id)).json()).toMatchObject({ status: 'applied' });
    const row = await booking.service.db.selectFrom('appointments').select(['status', 'technician_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', technician_id: 'tech_a' });
    expect((await snapshots(id)).map((s) => s.status)).toEqual(['scheduled', 'completed']);

    const { id: cancelledId } = await bookSlot(booking.service, '2026-11-25', '15:00-16:00');
    expect((await setStatus(cancelledId, 'cancelled')).statusCode).toBe(200);
    expect((await completed(cancelledId)).json()).toMatchObject({ status: 'applied' });
    expect((await booking.service.db.selectFrom('appointments').select('status').where('id', '=', cancelledId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect((await completed(999_999)).json()).toMatchObject({ status: 'applied' });

    expectApiError(await injectEffect(booking.service.app, { from: 'payments', topic: appointmentCompletedTopic, payload: { appointmentId: id, technicianId: 'tech_a', completedAt: '2026-11-25T15:00:00.000Z' } }), 403, 'FORBIDDEN');
  });
});

describe("the visit's stage from tracking", () => {
  const progressed = (appointmentId: number, stage: VisitStage | null, at: string, messageId = randomUUID()) =>
    injectEffect(booking.service.app, { from: 'tracking', topic: visitProgressedTopic, payload: { appointmentId, technicianId: 'tech_a', stage, at }, messageId });
  const details = async (id: number) =>
    (await booking.service.app.inject({ method: 'GET', url: appointmentPageApi.details(id), headers: owner() })).json() as AppointmentDetails;
  const history = async (id: number) =>
    ((await booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/history`, headers: staff() })).json() as { items: AppointmentHistoryEntry[] }).items;

  it('is kept beside the appointment, shown as its status everywhere, written in its history, and only the newest counts', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '13:00-14:00', owner());
    expect((await assign(id, { technicianId: 'tech_a' })).statusCode).toBe(200);
    expect((await details(id)).appointment).toMatchObject({ status: 'scheduled', visitStage: null });
    expect((await details(id)).changeBlockedReason).toBeUndefined();

    const message = randomUUID();
    expect((await progressed(id, 'en-route', '2026-11-25T17:40:00.000Z', message)).json()).toMatchObject({ status: 'applied' });
    const onTheWay = await details(id);
    expect(onTheWay.appointment).toMatchObject({ status: 'scheduled', visitStage: 'en-route' });
    expect(shownAppointmentStatus(onTheWay.appointment)).toBe('en-route');
    // The technician is on the way: the customer calls rather than changing it online.
    expect(onTheWay.changeBlockedReason).toMatch(/^This appointment can no longer be changed online\. Please call /);
    expect((await booking.service.app.inject({ method: 'POST', url: appointmentPageApi.cancel(id), headers: owner() })).statusCode).toBe(409);

    // Delivered twice, and an older stage delivered late: nothing changes, nothing is written twice.
    expect((await progressed(id, 'en-route', '2026-11-25T17:40:00.000Z', message)).json()).toMatchObject({ status: 'duplicate' });
    expect((await progressed(id, 'arrived', '2026-11-25T18:05:00.000Z')).json()).toMatchObject({ status: 'applied' });
    expect((await progressed(id, 'en-route', '2026-11-25T17:50:00.000Z')).json()).toMatchObject({ status: 'applied' });
    const staffView = (await booking.service.app.inject({ method: 'GET', url: `/api/appointments?date=2026-11-25`, headers: staff() })).json() as StaffAppointment[];
    expect(staffView.find((appointment) => appointment.id === id)).toMatchObject({ status: 'scheduled', visitStage: 'arrived' });
    expect((await history(id)).filter((entry) => entry.action === 'visit-progressed').map((entry) => [entry.actor, entry.detail])).toEqual([
      ['Alex Avery', 'Arrived'],
      ['Alex Avery', 'On The Way'],
    ]);

    // Sent back to dispatched (a new time, say): no stage, and nothing written for it.
    expect((await progressed(id, null, '2026-11-25T18:10:00.000Z')).json()).toMatchObject({ status: 'applied' });
    expect((await details(id)).appointment.visitStage).toBeNull();
    expect((await history(id)).filter((entry) => entry.action === 'visit-progressed')).toHaveLength(2);
  });

  it('is not kept on an appointment cancelled or done, and only tracking may send it', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '15:00-16:00', owner());
    expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
    expect((await progressed(id, 'en-route', '2026-11-25T19:40:00.000Z')).json()).toMatchObject({ status: 'applied' });
    expect((await details(id)).appointment).toMatchObject({ status: 'cancelled', visitStage: null });
    expect((await progressed(999_999, 'arrived', '2026-11-25T19:40:00.000Z')).json()).toMatchObject({ status: 'applied' });
    const fromPayments = await injectEffect(booking.service.app, { from: 'payments', topic: visitProgressedTopic, payload: { appointmentId: id, technicianId: 'tech_a', stage: 'arrived', at: '2026-11-25T19:45:00.000Z' } });
    expectApiError(fromPayments, 403, 'FORBIDDEN');
    expectApiError(await progressed(id, 'asleep' as VisitStage, '2026-11-25T19:45:00.000Z'), 400, 'VALIDATION_ERROR', { stage: expect.any(String) });
  });
});
