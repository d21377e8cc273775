import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentDispatchTopic, technicianChangedTopic, type AppointmentDispatch } from '@repo/contracts';
import { injectEffect, type TestService } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import type { BookingDatabase } from '../src/db/schema.ts';
import { demoTechnicianId, demoVisitDescription } from '../src/seed.ts';
import { buildBooking, staffClaims, testClock } from './helpers.ts';

/** The snapshots booking's outbox holds for tracking about one appointment, in version order. */
async function dispatches(service: TestService<BookingDatabase>, appointmentId: number): Promise<AppointmentDispatch[]> {
  const published = await publishedEffects<AppointmentDispatch>(service.database, appointmentDispatchTopic);
  return published.filter((payload) => payload.appointmentId === appointmentId).sort((a, b) => a.version - b.version);
}

const visitOf = (service: TestService<BookingDatabase>) =>
  service.db.selectFrom('appointments').selectAll().where('description', '=', demoVisitDescription).executeTakeFirstOrThrow();
const technicianChanged = (service: TestService<BookingDatabase>, id: string, version: number, status = 'available') =>
  injectEffect(service.app, { from: 'tracking', topic: technicianChangedTopic, payload: { id, name: 'Mike Johnson', status, version }, messageId: randomUUID() });

describe('the demo customer’s visit today (a Monday, 10:20 in St Augustine)', () => {
  const clock = testClock('2026-11-23T15:20:00Z');
  let service: TestService<BookingDatabase>;
  beforeAll(async () => {
    service = await buildBooking(clock.now, { SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('is booked in the slot under way, in St Augustine, and waits unassigned until booking knows the demo technician', async () => {
    const visit = await visitOf(service);
    expect(visit).toMatchObject({
      customer_name: 'Dana Whitfield', email: 'demo@example.com', address: '48 Cordova St', city: 'St Augustine', state: 'FL', zip_code: '32084',
      appointment_date: '2026-11-23', time_slot: '10:00-11:00', status: 'scheduled', technician_id: null, holds_slot_place: true,
    });
    expect(await dispatches(service, visit.id)).toEqual([]);
    // Another technician becoming known changes nothing.
    expect((await technicianChanged(service, 'tech_sara', 1)).json()).toMatchObject({ status: 'applied' });
    expect((await visitOf(service)).technician_id).toBeNull();
  });

  it('is assigned to the demo technician through the assign use case the moment booking first hears of them, once', async () => {
    expect((await technicianChanged(service, demoTechnicianId, 1)).json()).toMatchObject({ status: 'applied' });
    const visit = await visitOf(service);
    expect(visit.technician_id).toBe(demoTechnicianId);
    // Tracking is told through the outbox, as after staff's assignment.
    expect(await dispatches(service, visit.id)).toEqual([expect.objectContaining({ technicianId: demoTechnicianId, address: '48 Cordova St', zipCode: '32084', startsAt: '2026-11-23T10:00:00-05:00' })]);
    const staffList = await service.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-23', headers: { authorization: service.bearer(staffClaims()) } });
    expect(staffList.json()).toContainEqual(expect.objectContaining({ id: visit.id, technicianId: demoTechnicianId, scheduledTime: '2026-11-23T10:00:00-05:00' }));

    // Staff take the technician off; the technician's later status changes never assign the visit again.
    const unassigned = await service.app.inject({ method: 'PUT', url: `/api/appointments/${visit.id}/assign`, headers: { authorization: service.bearer(staffClaims()) }, payload: { technicianId: null } });
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect((await technicianChanged(service, demoTechnicianId, 2, 'busy')).json()).toMatchObject({ status: 'applied' });
    expect((await visitOf(service)).technician_id).toBeNull();
    expect(await dispatches(service, visit.id)).toHaveLength(2);
  });
});

describe('the demo visit on a Sunday', () => {
  const clock = testClock('2026-11-22T17:00:00Z');
  let service: TestService<BookingDatabase>;
  beforeAll(async () => {
    service = await buildBooking(clock.now, { SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('is stored without taking a place (no bookings on Sundays), and assigned all the same', async () => {
    expect(await visitOf(service)).toMatchObject({ appointment_date: '2026-11-22', time_slot: '12:00-13:00', holds_slot_place: false, technician_id: null });
    expect((await technicianChanged(service, demoTechnicianId, 1)).json()).toMatchObject({ status: 'applied' });
    expect((await visitOf(service)).technician_id).toBe(demoTechnicianId);
  });
});

describe('the demo visit after hours', () => {
  it('takes the last slot of the day', async () => {
    const service = await buildBooking(testClock('2026-11-23T23:30:00Z').now, { SEED_DEMO: 'true' });
    try {
      expect(await visitOf(service)).toMatchObject({ appointment_date: '2026-11-23', time_slot: '16:00-17:00', holds_slot_place: true });
    } finally {
      await service.close();
    }
  });
});
