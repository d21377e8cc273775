import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentChangedTopic,
  appointmentDispatchTopic,
  officeActionMessages,
  technicianChangedTopic,
  type AppointmentChanged,
  type AppointmentDispatch,
  type AppointmentHistoryEntry,
  type StaffAppointment,
} from '@repo/contracts';
import { expectApiError, injectEffect } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import { bookSlot, bookingForTests, customerClaims, staffClaims, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern (15:00 UTC). Capacity 1, so a freed place is easy to fill.
const clock = testClock('2026-11-23T15:00:00Z');
const booking = bookingForTests(clock.now, { BOOKING_SLOT_CAPACITY: '1' });

const dispatcher = { ...staffClaims(), email: 'dana@example.com' };
const staff = () => ({ authorization: booking.service.bearer(dispatcher) });
const technician = () => ({ authorization: booking.service.bearer({ sub: 'technician:1', role: 'technician' as const, technicianId: 'tech_a', sid: 'test-session-tech-0001' }) });
const customer = () => ({ authorization: booking.service.bearer(customerClaims(71)) });

const act = (id: number | string, action: string, payload: object, headers: Record<string, string> = staff()) =>
  booking.service.app.inject({ method: 'POST', url: `/api/appointments/${id}/${action}`, payload, headers });
const history = async (id: number) => {
  const response = await booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/history`, headers: staff() });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: AppointmentHistoryEntry[] }).items;
};
const listed = async (date: string, id: number) =>
  ((await booking.service.app.inject({ method: 'GET', url: `/api/appointments?date=${date}`, headers: staff() })).json() as StaffAppointment[]).find((a) => a.id === id)!;
const versionOf = async (date: string, id: number) => (await listed(date, id)).version;
const freeSlots = async (date: string) =>
  ((await booking.service.app.inject({ method: 'GET', url: `/api/appointments/available-slots?date=${date}` })).json() as { availableSlots: string[] }).availableSlots;
async function changedEvents(id: number) {
  const published = await publishedEffects<AppointmentChanged>(booking.service.database, appointmentChangedTopic);
  return published.filter((event) => event.appointmentId === id).sort((a, b) => a.version - b.version);
}

beforeAll(async () => {
  const response = await injectEffect(booking.service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id: 'tech_a', name: 'Alex Avery', status: 'available', version: 1 }, messageId: randomUUID() });
  expect(response.json()).toMatchObject({ status: 'applied' });
});

describe('confirming', () => {
  it('makes a scheduled appointment confirmed, with who and when, in its history and its event', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '09:00-10:00');
    const before = await listed('2026-11-25', id);
    expect(before).toMatchObject({ status: 'scheduled', confirmedAt: null, confirmedBy: null, cancelReason: null });

    const response = await act(id, 'confirm', { version: before.version });
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json() as StaffAppointment;
    expect(confirmed).toMatchObject({ id, status: 'confirmed', confirmedBy: 'dana@example.com', confirmedAt: '2026-11-23T15:00:00.000Z' });
    expect(confirmed.version).toBeGreaterThan(before.version);

    const [latest, booked] = await history(id);
    expect(latest).toMatchObject({ action: 'confirmed', actor: 'dana@example.com', fromStatus: 'scheduled', toStatus: 'confirmed', at: '2026-11-23T15:00:00.000Z', reason: null });
    expect(booked).toMatchObject({ action: 'booked', actor: 'Customer', fromStatus: null, toStatus: 'scheduled' });

    const events = await changedEvents(id);
    expect(events.at(-1)).toMatchObject({ change: 'status-changed', status: 'confirmed', version: confirmed.version });

    // Twice is refused, saying why; so is confirming with the version from before.
    expectApiError(await act(id, 'confirm', { version: confirmed.version }), 409, 'CONFLICT');
    expect((await act(id, 'confirm', { version: confirmed.version })).json().error.message).toBe(officeActionMessages.alreadyConfirmed);
  });

  it('refuses a stale version with 409, changing nothing', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '10:00-11:00');
    const version = await versionOf('2026-11-25', id);
    expect((await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload: { technicianId: 'tech_a' }, headers: staff() })).statusCode).toBe(200);
    const stale = await act(id, 'confirm', { version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(officeActionMessages.stale);
    expect(await listed('2026-11-25', id)).toMatchObject({ status: 'scheduled', technicianId: 'tech_a' });
    expect((await history(id)).map((entry) => entry.action)).toEqual(['assigned', 'booked']);
    expect((await history(id))[0]).toMatchObject({ actor: 'dana@example.com', detail: 'Alex Avery' });
  });

  it('refuses a cancelled appointment', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-25', '11:00-12:00');
    const cancelled = (await act(id, 'cancel', { version: await versionOf('2026-11-25', id), reason: 'Customer called' })).json() as StaffAppointment;
    const refused = await act(id, 'confirm', { version: cancelled.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only a scheduled appointment can be confirmed; this one is cancelled.');
  });
});

describe('cancelling for a caller', () => {
  it('needs a reason, frees the place, keeps the reason on the appointment and in its history, and tells tracking', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-26', '09:00-10:00');
    await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload: { technicianId: 'tech_a' }, headers: staff() });
    const version = await versionOf('2026-11-26', id);
    expect(await freeSlots('2026-11-26')).not.toContain('09:00-10:00');

    expectApiError(await act(id, 'cancel', { version }), 400, 'VALIDATION_ERROR', { reason: officeActionMessages.reasonRequired });
    expectApiError(await act(id, 'cancel', { version, reason: '   ' }), 400, 'VALIDATION_ERROR', { reason: officeActionMessages.reasonRequired });
    expectApiError(await act(id, 'cancel', { version, reason: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR', { reason: officeActionMessages.reasonTooLong });
    expectApiError(await act(id, 'cancel', { reason: 'No version' }), 400, 'VALIDATION_ERROR', { version: officeActionMessages.versionRequired });

    const response = await act(id, 'cancel', { version, reason: '  Fridge fixed itself  ' });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json() as StaffAppointment;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Fridge fixed itself' });
    expect(await freeSlots('2026-11-26')).toContain('09:00-10:00');
    expect((await history(id))[0]).toMatchObject({ action: 'cancelled', actor: 'dana@example.com', reason: 'Fridge fixed itself', fromStatus: 'scheduled', toStatus: 'cancelled' });

    const events = await changedEvents(id);
    expect(events.at(-1)).toMatchObject({ change: 'cancelled', status: 'cancelled', version: cancelled.version });
    const dispatched = (await publishedEffects<AppointmentDispatch>(booking.service.database, appointmentDispatchTopic)).filter((s) => s.appointmentId === id);
    expect(dispatched.map((s) => s.version)).toContain(cancelled.version);

    const again = await act(id, 'cancel', { version: cancelled.version, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(officeActionMessages.alreadyCancelled);
  });

  it('cancels a confirmed one inside the customer’s online cut-off, and refuses a completed one', async () => {
    // Today 14:00-15:00: within the cut-off, which only binds the customer online.
    const { id } = await bookSlot(booking.service, '2026-11-24', '14:00-15:00');
    const confirmed = (await act(id, 'confirm', { version: await versionOf('2026-11-24', id) })).json() as StaffAppointment;
    const cancelled = await act(id, 'cancel', { version: confirmed.version, reason: 'Moving house' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', confirmedBy: null, cancelReason: 'Moving house' });

    const { id: done } = await bookSlot(booking.service, '2026-11-24', '15:00-16:00');
    const completed = (await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${done}/status`, payload: { status: 'completed' }, headers: staff() })).json() as StaffAppointment;
    const refused = await act(done, 'cancel', { version: completed.version, reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This appointment is completed, so it cannot be cancelled.');
  });
});

describe('reopening', () => {
  it('schedules a cancelled appointment again, taking its place back', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-27', '09:00-10:00');
    const cancelled = (await act(id, 'cancel', { version: await versionOf('2026-11-27', id), reason: 'Called off' })).json() as StaffAppointment;
    expect(await freeSlots('2026-11-27')).toContain('09:00-10:00');

    const response = await act(id, 'reopen', { version: cancelled.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'scheduled', cancelReason: null, confirmedAt: null });
    expect(await freeSlots('2026-11-27')).not.toContain('09:00-10:00');
    expect((await history(id)).map((entry) => [entry.action, entry.fromStatus, entry.toStatus])).toEqual([
      ['reopened', 'cancelled', 'scheduled'],
      ['cancelled', 'scheduled', 'cancelled'],
      ['booked', null, 'scheduled'],
    ]);
    expect((await changedEvents(id)).at(-1)).toMatchObject({ change: 'status-changed', status: 'scheduled' });
  });

  it('refuses a slot that filled meanwhile (capacity still applies), and a completed appointment', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-27', '10:00-11:00');
    const cancelled = (await act(id, 'cancel', { version: await versionOf('2026-11-27', id), reason: 'Called off' })).json() as StaffAppointment;
    await bookSlot(booking.service, '2026-11-27', '10:00-11:00', {}, { email: 'other@example.com' });
    const full = await act(id, 'reopen', { version: cancelled.version });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(officeActionMessages.reopenFull);
    expect(await listed('2026-11-27', id)).toMatchObject({ status: 'cancelled', cancelReason: 'Called off' });
    expect((await history(id))[0]?.action).toBe('cancelled');

    const { id: done } = await bookSlot(booking.service, '2026-11-27', '11:00-12:00');
    const completed = (await booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${done}/status`, payload: { status: 'completed' }, headers: staff() })).json() as StaffAppointment;
    const refused = await act(done, 'reopen', { version: completed.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only a cancelled or no-show appointment can be reopened; this one is completed.');
  });
});

describe('marking a no-show', () => {
  it('waits for the arrival window, then marks it, keeps its place, and can be reopened', async () => {
    const { id } = await bookSlot(booking.service, '2026-11-30', '09:00-10:00');
    const version = await versionOf('2026-11-30', id);
    const early = await act(id, 'no-show', { version });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(officeActionMessages.noShowTooEarly);

    clock.set('2026-11-30T14:30:00Z'); // 09:30 Eastern, inside the window.
    try {
      const response = await act(id, 'no-show', { version });
      expect(response.statusCode, response.body).toBe(200);
      const marked = response.json() as StaffAppointment;
      expect(marked.status).toBe('no-show');
      expect((await history(id))[0]).toMatchObject({ action: 'no-show', actor: 'dana@example.com', fromStatus: 'scheduled', toStatus: 'no-show' });
      expect((await changedEvents(id)).at(-1)).toMatchObject({ change: 'status-changed', status: 'no-show' });
      const twice = await act(id, 'no-show', { version: marked.version });
      expect(twice.json().error.message).toBe('Only a scheduled or confirmed appointment can be marked as a no-show; this one is a no-show.');

      const reopened = await act(id, 'reopen', { version: marked.version });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json()).toMatchObject({ status: 'scheduled' });
    } finally {
      clock.set('2026-11-23T15:00:00Z');
    }
  });
});

describe('who may act', () => {
  it('answers 401 without a session, 403 for a customer or a technician, 404 for an unknown appointment', async () => {
    const { id } = await bookSlot(booking.service, '2026-12-01', '09:00-10:00');
    for (const action of ['confirm', 'cancel', 'reopen', 'no-show']) {
      expectApiError(await act(id, action, { version: 1, reason: 'r' }, {}), 401, 'UNAUTHORIZED');
      expectApiError(await act(id, action, { version: 1, reason: 'r' }, customer()), 403, 'FORBIDDEN');
      expectApiError(await act(id, action, { version: 1, reason: 'r' }, technician()), 403, 'FORBIDDEN');
      const unknown = await act(999_999, action, { version: 1, reason: 'r' });
      expectApiError(unknown, 404, 'NOT_FOUND');
      expect(unknown.json().error.message).toBe(officeActionMessages.notFound);
    }
    expectApiError(await booking.service.app.inject({ method: 'GET', url: `/api/appointments/${id}/history`, headers: customer() }), 403, 'FORBIDDEN');
    expectApiError(await booking.service.app.inject({ method: 'GET', url: '/api/appointments/999999/history', headers: staff() }), 404, 'NOT_FOUND');
    expect(await listed('2026-12-01', id)).toMatchObject({ status: 'scheduled' });
  });

  it('records customers’ own changes in the history too', async () => {
    const { id, manageToken } = await bookSlot(booking.service, '2026-12-02', '09:00-10:00');
    expect((await booking.service.app.inject({ method: 'POST', url: `/api/customer/appointments/${id}/cancel`, headers: { 'x-appointment-access': manageToken } })).statusCode).toBe(200);
    expect((await history(id))[0]).toMatchObject({ action: 'cancelled', actor: 'Customer', reason: null });
  });
});

describe('a deactivated technician', () => {
  it('gets no new jobs (409 with a clear message), keeps the jobs they have, and is offered again once reactivated', async () => {
    const changed = (active: boolean, version: number) =>
      injectEffect(booking.service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id: 'tech_d', name: 'Dee Dawson', status: 'offline', version, active }, messageId: randomUUID() });
    expect((await changed(true, 1)).json()).toMatchObject({ status: 'applied' });
    const { id: kept } = await bookSlot(booking.service, '2026-12-03', '09:00-10:00');
    const assign = (id: number, technicianId: string | null) =>
      booking.service.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, payload: { technicianId }, headers: staff() });
    expect((await assign(kept, 'tech_d')).statusCode).toBe(200);

    expect((await changed(false, 2)).json()).toMatchObject({ status: 'applied' });
    const { id } = await bookSlot(booking.service, '2026-12-03', '10:00-11:00');
    const refused = await assign(id, 'tech_d');
    const message = 'Dee Dawson is deactivated, so they get no new jobs. Reactivate them under Technicians first, or choose another technician.';
    expectApiError(refused, 409, 'CONFLICT', { technicianId: message });
    expect(refused.json().error.message).toBe(message);
    expect(await listed('2026-12-03', id)).toMatchObject({ technicianId: null });
    // The job they had stays theirs (assigning them again changes nothing), and can be handed to someone else.
    expect((await assign(kept, 'tech_d')).statusCode).toBe(200);
    expect((await assign(kept, 'tech_a')).json()).toMatchObject({ technicianId: 'tech_a' });

    expect((await changed(true, 3)).json()).toMatchObject({ status: 'applied' });
    expect((await assign(id, 'tech_d')).json()).toMatchObject({ technicianId: 'tech_d' });
  });
});
