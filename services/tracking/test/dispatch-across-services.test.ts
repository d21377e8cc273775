import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appointmentDispatchTopic,
  type AppointmentDispatch,
  type CreateAppointmentResponse,
  type DeliveryStatus,
  type StaffAppointment,
  type TrackingRecord,
} from '@repo/contracts';
import { createTestService, injectEffect, type TestService } from '@repo/service-kit/test-service';
import { freePort, publishedEffects } from '@repo/service-kit/testing';
// A real booking service: it assigns and tells tracking through its outbox, as in production.
import type { BookingDatabase } from '@repo/booking/db/schema';
import { bookingService } from '@repo/booking/definition';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { listen, testClock } from './helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
const nowhere = 'http://127.0.0.1:9';
let booking: TestService<BookingDatabase>;
let tracking: TestService<TrackingDatabase>;
let trackingPort: number;

beforeAll(async () => {
  // Tracking's address is known but nothing answers there until the test says so: tracking is down for booking.
  trackingPort = await freePort();
  booking = await createTestService(bookingService, { PEER_URLS: `tracking=http://127.0.0.1:${trackingPort},accounts=${nowhere},notifications=${nowhere},payments=${nowhere}`, BOOKING_RATE_LIMIT_MAX: '1000' }, { now: clock.now });
  const bookingUrl = await listen(booking.app);
  tracking = await createTestService(trackingService, { SEED_DEMO: 'true', PEER_URLS: `booking=${bookingUrl},accounts=${nowhere},notifications=${nowhere}` }, { now: clock.now });
});
afterAll(async () => {
  await tracking?.close();
  await booking?.close();
});

const staffOf = (service: Pick<TestService<BookingDatabase>, 'bearer'>) => service.bearer({ sub: 'staff:1', role: 'staff' });
const owner = () => booking.bearer({ sub: 'customer:7', role: 'customer', customerId: 7 });

async function book(appointmentDate: string, timeSlot: string): Promise<number> {
  const response = await booking.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { authorization: owner() },
    payload: { customerName: 'Dana Whitfield', email: 'dana@example.com', phone: '(904) 555-0142', address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084', serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch', appointmentDate, timeSlot },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as CreateAppointmentResponse).appointment.id;
}

const assign = (id: number, technicianId: string | null) =>
  booking.app.inject({ method: 'PUT', url: `/api/appointments/${id}/assign`, headers: { authorization: staffOf(booking) }, payload: { technicianId } });
const trackingOf = (id: number) => tracking.app.inject({ method: 'GET', url: `/api/tracking/${id}`, headers: { authorization: staffOf(tracking) } });
const deliveries = async () => (await booking.app.inject({ method: 'GET', url: '/api/deliveries/booking', headers: { authorization: staffOf(booking) } })).json() as DeliveryStatus;
/** What booking still owes tracking (its events for notifications, which is not running here, wait on). */
const pendingForTracking = async () => (await deliveries()).routes.filter((route) => route.to === 'tracking').reduce((sum, route) => sum + route.pending, 0);
const replica = (id: string) => booking.db.selectFrom('technicians').selectAll().where('id', '=', id).executeTakeFirst();

/** The record once tracking has it and `check` holds for it. */
async function recordWhen(id: number, check: (record: TrackingRecord) => boolean): Promise<TrackingRecord> {
  let found: TrackingRecord | undefined;
  await vi.waitFor(async () => {
    const response = await trackingOf(id);
    expect(response.statusCode).toBe(200);
    found = response.json() as TrackingRecord;
    expect(check(found)).toBe(true);
  }, { timeout: 45_000, interval: 100 });
  return found!;
}

describe('dispatch through the durable path', () => {
  it('assigns while tracking is down; the record appears once tracking is back, and never twice', async () => {
    // Tracking's seed reached booking's replica through tracking's outbox.
    await vi.waitFor(async () => expect(await replica('tech_mike')).toMatchObject({ name: 'Mike Johnson', status: 'available' }), { timeout: 30_000, interval: 100 });

    const id = await book('2026-11-25', '09:00-10:00');
    const assigned = await assign(id, 'tech_mike');
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ id, technicianId: 'tech_mike', scheduledTime: '2026-11-25T09:00:00-05:00' });

    // Booking tried, could not reach tracking, and keeps the message.
    await vi.waitFor(async () => {
      const status = await deliveries();
      expect(status.pending).toBeGreaterThan(0);
      expect(status.recentFailures).toContainEqual(expect.objectContaining({ to: 'tracking', topic: appointmentDispatchTopic, state: 'retrying' }));
    }, { timeout: 30_000, interval: 100 });
    expect((await trackingOf(id)).statusCode).toBe(404);

    await listen(tracking.app, trackingPort);
    const record = await recordWhen(id, (r) => r.technicianId === 'tech_mike');
    expect(record).toMatchObject({ appointmentId: String(id), status: 'dispatched', scheduledStart: '2026-11-25T14:00:00.000Z', closed: null });
    // The address booking sent, placed offline (ZIP 32084's centre).
    expect(record.customerLocation).toEqual({ lat: 29.8977, lng: -81.3422, address: '48 Cordova St, St Augustine, FL 32084', precision: 'zip', centreOf: '32084' });
    expect(record.notifications).toEqual([expect.objectContaining({ type: 'dispatched', message: 'Technician dispatched' })]);
    await vi.waitFor(async () => expect(await pendingForTracking()).toBe(0), { timeout: 30_000, interval: 100 });

    // Delivered again (the same message, or the same snapshot in another): still one record with one entry.
    const [snapshot] = await publishedEffects<AppointmentDispatch>(booking.database, appointmentDispatchTopic);
    expect(snapshot).toMatchObject({ appointmentId: id, technicianId: 'tech_mike', customerId: 7 });
    expect((await injectEffect(tracking.app, { from: 'booking', topic: appointmentDispatchTopic, payload: snapshot })).json()).toMatchObject({ status: 'applied' });
    expect((await trackingOf(id)).json()).toEqual(record);
    expect(await tracking.db.selectFrom('tracking_records').select('appointment_id').where('appointment_id', '=', id).execute()).toHaveLength(1);
  });

  it('follows reassignment, then the job through to completion, which completes the appointment in booking', async () => {
    const id = await book('2026-11-25', '11:00-12:00');
    expect((await assign(id, 'tech_mike')).statusCode).toBe(200);
    await recordWhen(id, (r) => r.technicianId === 'tech_mike');
    expect((await assign(id, 'tech_sara')).statusCode).toBe(200);
    await recordWhen(id, (r) => r.technicianId === 'tech_sara' && r.notifications.at(-1)?.type === 'reassigned');

    const move = (status: string) =>
      tracking.app.inject({ method: 'PUT', url: `/api/tracking/${id}/status`, headers: { authorization: staffOf(tracking) }, payload: { status } });
    expect((await move('en-route')).statusCode).toBe(200);
    // Booking's replica hears that Sara is busy, so the back office can see it without asking tracking.
    await vi.waitFor(async () => expect(await replica('tech_sara')).toMatchObject({ status: 'busy' }), { timeout: 30_000, interval: 100 });
    for (const status of ['arrived', 'in-progress', 'completed']) expect((await move(status)).statusCode).toBe(200);

    await vi.waitFor(async () => {
      const list = (await booking.app.inject({ method: 'GET', url: '/api/appointments?date=2026-11-25', headers: { authorization: staffOf(booking) } })).json() as StaffAppointment[];
      expect(list.find((appointment) => appointment.id === id)).toMatchObject({ status: 'completed', technicianId: 'tech_sara' });
    }, { timeout: 30_000, interval: 100 });
    await vi.waitFor(async () => expect(await replica('tech_sara')).toMatchObject({ status: 'available' }), { timeout: 30_000, interval: 100 });
    // Booking's completed snapshot comes back to tracking and changes nothing there.
    await vi.waitFor(async () => expect(await pendingForTracking()).toBe(0), { timeout: 30_000, interval: 100 });
    const record = (await trackingOf(id)).json() as TrackingRecord;
    expect(record.status).toBe('completed');
    expect(record.notifications.filter((n) => n.type === 'completed')).toHaveLength(1);
  });

  it('moves the record with a reschedule and closes it with a cancellation made on the appointment page', async () => {
    const id = await book('2026-11-25', '13:00-14:00');
    expect((await assign(id, 'tech_mike')).statusCode).toBe(200);
    await recordWhen(id, (r) => r.technicianId === 'tech_mike');

    const headers = { authorization: owner() };
    const moved = await booking.app.inject({ method: 'PUT', url: `/api/customer/appointments/${id}/reschedule`, headers, payload: { appointmentDate: '2026-11-26', timeSlot: '10:00-11:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await recordWhen(id, (r) => r.scheduledStart === '2026-11-26T15:00:00.000Z' && r.technicianId === 'tech_mike');

    const cancelled = await booking.app.inject({ method: 'POST', url: `/api/customer/appointments/${id}/cancel`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const closed = await recordWhen(id, (r) => r.closed !== null);
    expect(closed.closed).toMatchObject({ reason: 'cancelled' });
    // The customer still reads it, as closed; it is no longer among their active records.
    const asOwner = await tracking.app.inject({ method: 'GET', url: `/api/tracking/${id}`, headers: { authorization: tracking.bearer({ sub: 'customer:7', role: 'customer', customerId: 7 }) } });
    expect(asOwner.json()).toMatchObject({ closed: { reason: 'cancelled' } });
  });
});
