import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appointmentCompletedTopic,
  appointmentDispatchTopic,
  appointmentPageMessages,
  technicianChangedTopic,
  trackingMessages,
  visitProgressedTopic,
  type AppointmentCompleted,
  type VisitProgressed,
  type TechnicianChanged,
  type Technician,
  type TrackingList,
  type TrackingRecord,
} from '@repo/contracts';
import { createTestService, expectApiError, injectEffect, testSigningKeys, type TestService } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
// Booking's own link signer: tracking must accept exactly the links booking issues.
import { appointmentLinks } from '@repo/booking/appointment-links';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { trackingChangedChannel } from '../src/domain/live-channels.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  service = await createTestService(trackingService, { SEED_DEMO: 'true', RATE_LIMIT_MAX: '10000' }, { now: clock.now });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
});

const customer = (customerId: number) => service.bearer({ sub: `customer:${customerId}`, role: 'customer', customerId });
const get = (url: string, headers: Record<string, string> = {}) => service.app.inject({ method: 'GET', url, headers });
const tracking = async (appointmentId: number) => {
  const response = await get(`/api/tracking/${appointmentId}`, { authorization: staff });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TrackingRecord;
};
const move = (appointmentId: number | string, status: unknown, authorization = staff) =>
  service.app.inject({ method: 'PUT', url: `/api/tracking/${appointmentId}/status`, headers: { authorization }, payload: { status } });
const technician = async (id: string) => (await get(`/api/technicians/${id}`, { authorization: staff })).json() as Technician;

/** A technician of this test alone, so its status is the test's to watch. */
async function newTechnician(name: string): Promise<string> {
  const response = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name, phone: '(904) 555-0199', vehicleInfo: 'Van' } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as Technician).id;
}

async function deliver(...args: Parameters<typeof dispatchSnapshot>) {
  const response = await deliverSnapshot(service.app, dispatchSnapshot(...args));
  expect(response.json()).toMatchObject({ status: 'applied' });
}

/** The stages tracking's outbox holds for booking about one appointment, oldest first. */
const stagesTold = (appointmentId: number) => publishedEffects<VisitProgressed>(service.database, visitProgressedTopic)
  .then((all) => all.filter((told) => told.appointmentId === appointmentId).sort((a, b) => a.at.localeCompare(b.at)));

const technicianSnapshots = (id: string) => publishedEffects<TechnicianChanged>(service.database, technicianChangedTopic)
  .then((all) => all.filter((snapshot) => snapshot.id === id).sort((a, b) => a.version - b.version));

describe('tracking records follow booking’s snapshots', () => {
  it('opens a record when a snapshot first carries a technician, without made-up arrival data, once', async () => {
    await deliver(101, 1, { technicianId: null });
    expectApiError(await get('/api/tracking/101', { authorization: staff }), 404, 'NOT_FOUND');

    const assigned = dispatchSnapshot(101, 2);
    const first = await deliverSnapshot(service.app, assigned);
    expect(first.json()).toMatchObject({ status: 'applied' });
    const record = await tracking(101);
    expect(record).toEqual({
      appointmentId: '101',
      technicianId: 'tech_mike',
      status: 'dispatched',
      scheduledStart: '2026-11-24T14:00:00.000Z',
      scheduledEnd: '2026-11-24T15:00:00.000Z',
      estimatedArrival: '2026-11-24T14:00:00.000Z',
      estimatedArrivalSource: 'schedule',
      actualArrival: null,
      location: { lat: 29.9012, lng: -81.3124, address: 'King St, St Augustine, FL', lastUpdated: expect.any(String) },
      // Geocoded offline from ZIP 32084; distance and ETA from Mike's seeded position, the arrival still the schedule's.
      customerLocation: { lat: 29.8977, lng: -81.3422, address: '48 Cordova St, St Augustine, FL 32084', precision: 'zip', centreOf: '32084' },
      route: [],
      distanceToCustomer: expect.closeTo(2.9, 1),
      estimatedTimeToArrival: 6,
      progress: 0,
      service: { serviceType: 'Repair', appliance: 'Dishwasher', brand: 'Bosch' },
      notifications: [{ type: 'dispatched', message: 'Technician dispatched', timestamp: clock.now().toISOString() }],
      closed: null,
      updatedAt: clock.now().toISOString(),
      startAllowed: null,
    });

    // The same message again is recognised; the same snapshot in a new message is not newer: nothing changes.
    const again = await deliverSnapshot(service.app, assigned, first.json().messageId);
    expect(again.json()).toMatchObject({ status: 'duplicate' });
    expect((await deliverSnapshot(service.app, assigned)).json()).toMatchObject({ status: 'applied' });
    expect(await tracking(101)).toEqual(record);
  });

  it('ignores a snapshot older than the one it holds, whatever order they arrive in', async () => {
    await deliver(102, 5, { technicianId: 'tech_mike' });
    await deliver(102, 4, { technicianId: 'tech_sara' });
    await deliver(102, 3, { technicianId: null });
    const record = await tracking(102);
    expect(record).toMatchObject({ technicianId: 'tech_mike', status: 'dispatched', closed: null });
    expect(record.notifications).toHaveLength(1);
  });

  it('moves the record to a new technician, back to dispatched, and frees the old one', async () => {
    const first = await newTechnician('Reassign From');
    const second = await newTechnician('Reassign To');
    await deliver(103, 1, { technicianId: first });
    expect((await move(103, 'en-route')).statusCode).toBe(200);
    expect((await technician(first)).status).toBe('busy');

    await deliver(103, 2, { technicianId: second });
    const record = await tracking(103);
    expect(record).toMatchObject({ technicianId: second, status: 'dispatched', actualArrival: null, closed: null });
    expect(record.notifications.map((n) => n.message)).toEqual(['Technician dispatched', 'Your technician is on the way', 'A different technician has been dispatched']);
    expect((await technician(first)).status).toBe('available');
    expect((await technician(second)).status).toBe('available');
    // Booking heard each status change of the first technician, newest last.
    expect((await technicianSnapshots(first)).map((s) => s.status)).toEqual(['available', 'busy', 'available']);
  });

  it('closes and keeps the record on unassignment, refuses moves on it, and reopens it on a new assignment', async () => {
    await deliver(104, 1);
    await deliver(104, 2, { technicianId: null });
    const closed = await tracking(104);
    expect(closed).toMatchObject({ technicianId: 'tech_mike', status: 'dispatched', closed: { at: clock.now().toISOString(), reason: 'unassigned' } });
    expect(closed.notifications.at(-1)).toMatchObject({ type: 'unassigned', message: 'Technician unassigned' });
    const listed = (await get('/api/tracking?pageSize=100', { authorization: staff })).json() as TrackingList;
    expect(listed.items.map((item) => item.appointmentId)).not.toContain('104');
    const refused = await move(104, 'en-route');
    expectApiError(refused, 409, 'CONFLICT');
    expect(refused.json().error.message).toBe(trackingMessages.closedUnassigned);

    await deliver(104, 3, { technicianId: 'tech_sara' });
    expect(await tracking(104)).toMatchObject({ technicianId: 'tech_sara', status: 'dispatched', closed: null });
  });

  it('moves the scheduled time with a reschedule, and a job under way back to dispatched', async () => {
    const tech = await newTechnician('Rescheduled');
    await deliver(105, 1, { technicianId: tech });
    expect((await move(105, 'en-route')).statusCode).toBe(200);
    await deliver(105, 2, { technicianId: tech, startsAt: '2026-11-27T13:00:00-05:00', endsAt: '2026-11-27T14:00:00-05:00' });
    const record = await tracking(105);
    expect(record).toMatchObject({ scheduledStart: '2026-11-27T18:00:00.000Z', estimatedArrival: '2026-11-27T18:00:00.000Z', status: 'dispatched', technicianId: tech });
    expect(record.notifications.at(-1)).toMatchObject({ type: 'rescheduled', message: 'Appointment rescheduled' });
    expect((await technician(tech)).status).toBe('available');
  });

  it('closes the record when the appointment is cancelled, also after an unassignment', async () => {
    await deliver(106, 1);
    await deliver(106, 2, { status: 'cancelled' });
    expect(await tracking(106)).toMatchObject({ closed: { reason: 'cancelled' } });
    await deliver(109, 1);
    await deliver(109, 2, { technicianId: null });
    await deliver(109, 3, { technicianId: null, status: 'cancelled' });
    const record = await tracking(109);
    expect(record.closed).toMatchObject({ reason: 'cancelled' });
    expect(record.notifications.map((n) => n.type)).toEqual(['dispatched', 'unassigned', 'cancelled']);
    const refused = await move(106, 'en-route');
    expectApiError(refused, 409, 'CONFLICT');
    expect(refused.json().error.message).toBe(trackingMessages.closedCancelled);
  });

  it('completes the record when booking completes the appointment', async () => {
    await deliver(107, 1);
    await deliver(107, 2, { status: 'completed' });
    expect(await tracking(107)).toMatchObject({ status: 'completed', progress: 100, closed: null });
    expect((await publishedEffects<AppointmentCompleted>(service.database, appointmentCompletedTopic)).map((c) => c.appointmentId)).not.toContain(107);
  });

  it('refuses a snapshot from anyone but booking, and a malformed one', async () => {
    const fromAccounts = await injectEffect(service.app, { from: 'accounts', topic: appointmentDispatchTopic, payload: dispatchSnapshot(108, 1) });
    expectApiError(fromAccounts, 403, 'FORBIDDEN');
    expectApiError(await get('/api/tracking/108', { authorization: staff }), 404, 'NOT_FOUND');
    // A technician tracking does not know is refused whole (booking retries, staff see it), never half applied.
    const unknown = await deliverSnapshot(service.app, dispatchSnapshot(108, 1, { technicianId: 'tech_gone' }));
    expectApiError(unknown, 409, 'CONFLICT');
    expect(unknown.json().error.message).toBe('Technician tech_gone is not known to tracking.');
    expect(await service.db.selectFrom('appointment_snapshots').select('appointment_id').where('appointment_id', '=', 108).execute()).toEqual([]);
    const bad = await deliverSnapshot(service.app, { ...dispatchSnapshot(108, 1), startsAt: 'tomorrow' });
    expectApiError(bad, 400, 'VALIDATION_ERROR', { startsAt: expect.any(String) });
  });
});

describe('job statuses', () => {
  it('move forward one step at a time, record the arrival, and complete the appointment in booking', async () => {
    const tech = await newTechnician('Forward Only');
    const before = await technician(tech);
    await deliver(201, 1, { technicianId: tech });

    const skipped = await move(201, 'arrived');
    expectApiError(skipped, 409, 'CONFLICT');
    expect(skipped.json().error.message).toBe('This job is Technician Dispatched, so it can only move to On The Way next.');
    expectApiError(await move(201, 'dispatched'), 409, 'CONFLICT');

    const enRoute = await move(201, 'en-route');
    expect(enRoute.json()).toMatchObject({ status: 'en-route', actualArrival: null });
    expect((await technician(tech)).status).toBe('busy');
    expect((await move(201, 'en-route')).json().error.message).toBe('This job is On The Way, so it can only move to Arrived next.');

    clock.set('2026-11-24T13:55:00Z');
    const arrived = await move(201, 'arrived');
    expect(arrived.json()).toMatchObject({ status: 'arrived', actualArrival: '2026-11-24T13:55:00.000Z' });
    expect((await move(201, 'in-progress')).json()).toMatchObject({ status: 'in-progress' });
    const done = await move(201, 'completed');
    expect(done.json()).toMatchObject({ status: 'completed', progress: 100, location: null, actualArrival: '2026-11-24T13:55:00.000Z' });
    expect(done.json().notifications.map((n: { type: string }) => n.type)).toEqual(['dispatched', 'en-route', 'arrived', 'in-progress', 'completed']);
    clock.set('2026-11-23T15:00:00Z');

    const after = await technician(tech);
    expect(after).toMatchObject({ status: 'available', completedJobs: before.completedJobs + 1 });
    expect((await technicianSnapshots(tech)).map((s) => s.status)).toEqual(['available', 'busy', 'available']);
    expect(await publishedEffects<AppointmentCompleted>(service.database, appointmentCompletedTopic)).toContainEqual(
      { appointmentId: 201, technicianId: tech, completedAt: '2026-11-24T13:55:00.000Z' },
    );
    // Booking heard each stage under way, in the transaction of each step, and that none is left once it completed.
    expect((await stagesTold(201)).map(({ stage, technicianId }) => [stage, technicianId])).toEqual([
      ['en-route', tech],
      ['arrived', tech],
      ['in-progress', tech],
      [null, tech],
    ]);
    const again = await move(201, 'completed');
    expectApiError(again, 409, 'CONFLICT');
    expect(again.json().error.message).toBe(trackingMessages.completed);
  });

  it('announces each change on the tracking.changed channel after commit, for the live socket', async () => {
    const heard: unknown[] = [];
    const unlisten = await service.database.listen(trackingChangedChannel, (payload) => heard.push(JSON.parse(payload)));
    try {
      await deliver(202, 1);
      expect((await move(202, 'en-route')).statusCode).toBe(200);
      expectApiError(await move(202, 'completed'), 409, 'CONFLICT');
      // With who may follow the record now: its technician and its owner.
      const change = { appointmentId: '202', technicianId: 'tech_mike', customerId: 7 };
      await vi.waitFor(() => expect(heard).toEqual([change, change]));
      await deliver(202, 2, { technicianId: null });
      await vi.waitFor(() => expect(heard.at(-1)).toEqual({ ...change, technicianId: null }));
    } finally {
      await unlisten();
    }
  });

  it('answers bad calls with 4xx and the error shape, and only staff may move a job', async () => {
    expectApiError(await move(201, 'flying'), 400, 'VALIDATION_ERROR', { status: expect.any(String) });
    expectApiError(await move(201, undefined), 400, 'VALIDATION_ERROR', { status: expect.any(String) });
    expectApiError(await move('0x10', 'en-route'), 400, 'VALIDATION_ERROR');
    expectApiError(await move('99999999999', 'en-route'), 400, 'VALIDATION_ERROR');
    expectApiError(await move(999_999, 'en-route'), 404, 'NOT_FOUND');
    const anonymous = await service.app.inject({ method: 'PUT', url: '/api/tracking/201/status', payload: '{"status":', headers: { 'content-type': 'application/json' } });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
    expectApiError(await move(201, 'en-route', customer(7)), 403, 'FORBIDDEN');
  });
});

describe('who may read tracking', () => {
  const links = () => appointmentLinks(testSigningKeys.link.privateKey);
  const linkFor = (appointmentId: number, scope: 'manage' | 'track', endsAt = '2026-11-24T15:00:00Z') =>
    links().issue(appointmentId, scope, new Date(new Date(endsAt).getTime() + 24 * 3_600_000), clock.now());

  beforeAll(async () => {
    await deliver(301, 1, { customerId: 31, technicianId: 'tech_sara' });
    await deliver(302, 1, { customerId: 32, technicianId: 'tech_mike' });
    await deliver(303, 1, { customerId: 31, technicianId: 'tech_mike', startsAt: '2026-11-20T09:00:00-05:00', endsAt: '2026-11-20T10:00:00-05:00' });
    await deliver(304, 1, { customerId: 31, technicianId: null });
  });

  it('lets staff, the owner and the holder of a manage or track link read a record', async () => {
    expect((await get('/api/tracking/301', { authorization: staff })).statusCode).toBe(200);
    expect((await get('/api/tracking/301', { authorization: customer(31) })).json()).toMatchObject({ appointmentId: '301', technicianId: 'tech_sara' });
    expect((await get('/api/tracking/301', { 'x-appointment-access': linkFor(301, 'track') })).statusCode).toBe(200);
    expect((await get('/api/tracking/301', { 'x-appointment-access': linkFor(301, 'manage') })).statusCode).toBe(200);
    // A link beside someone else's session still opens its appointment.
    expect((await get('/api/tracking/301', { 'x-appointment-access': linkFor(301, 'track'), authorization: customer(32) })).statusCode).toBe(200);
  });

  it('answers someone else’s appointment exactly as a missing one, and refuses anonymous callers and bad links', async () => {
    const others = await get('/api/tracking/301', { authorization: customer(32) });
    const missing = await get('/api/tracking/999998', { authorization: customer(32) });
    expectApiError(others, 404, 'NOT_FOUND');
    expect(others.json()).toEqual(missing.json());
    expect(others.json().error.message).toBe(trackingMessages.notFound);
    expectApiError(await get('/api/tracking/304', { authorization: customer(31) }), 404, 'NOT_FOUND');

    expectApiError(await get('/api/tracking/301'), 401, 'UNAUTHORIZED');
    const forged = await get('/api/tracking/301', { 'x-appointment-access': `${linkFor(301, 'track')}x` });
    expectApiError(forged, 401, 'UNAUTHORIZED');
    expect(forged.json().error.message).toBe(appointmentPageMessages.linkExpired);
    const sessionAsLink = await get('/api/tracking/301', { 'x-appointment-access': customer(31).slice('Bearer '.length) });
    expectApiError(sessionAsLink, 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/tracking/302', { 'x-appointment-access': linkFor(301, 'track') }), 404, 'NOT_FOUND');
    const expired = await get('/api/tracking/303', { 'x-appointment-access': linkFor(303, 'track', '2026-11-20T15:00:00Z') });
    expectApiError(expired, 401, 'UNAUTHORIZED');
    expect(expired.json().error.message).toBe(appointmentPageMessages.linkExpired);
    // The owner's own session is not bound by the link's time.
    expect((await get('/api/tracking/303', { authorization: customer(31) })).statusCode).toBe(200);
    expectApiError(await get('/api/tracking/abc', { authorization: staff }), 400, 'VALIDATION_ERROR');
  });

  it('shows a customer or link holder only the technician assigned to their appointment', async () => {
    expect((await get('/api/technicians/tech_sara?appointment=301', { authorization: customer(31) })).json()).toMatchObject({ id: 'tech_sara', name: 'Sara Martinez', phone: '(904) 555-0122' });
    expect((await get('/api/technicians/tech_sara', { authorization: customer(31) })).statusCode).toBe(200);
    expect((await get('/api/technicians/tech_sara', { 'x-appointment-access': linkFor(301, 'track') })).statusCode).toBe(200);
    expect((await get('/api/technicians/tech_sara?appointment=301', { 'x-appointment-access': linkFor(301, 'manage') })).statusCode).toBe(200);

    const notAssigned = await get('/api/technicians/tech_dave?appointment=301', { authorization: customer(31) });
    expectApiError(notAssigned, 404, 'NOT_FOUND');
    expect(notAssigned.json().error.message).toBe(trackingMessages.technicianNotFound);
    expectApiError(await get('/api/technicians/tech_sara', { authorization: customer(32) }), 404, 'NOT_FOUND');
    expectApiError(await get('/api/technicians/tech_sara?appointment=301', { authorization: customer(32) }), 404, 'NOT_FOUND');
    expectApiError(await get('/api/technicians/tech_mike', { 'x-appointment-access': linkFor(301, 'track') }), 404, 'NOT_FOUND');
    expectApiError(await get('/api/technicians/tech_sara'), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/technicians/tech_sara', { 'x-appointment-access': 'not-a-token' }), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/technicians/tech_sara?appointment=1e3', { authorization: customer(31) }), 400, 'VALIDATION_ERROR', { 'querystring.appointment': expect.any(String) });
  });

  it('lists active records: all for staff by business date and page, a customer’s own for a customer', async () => {
    const mine = (await get('/api/tracking', { authorization: customer(31) })).json() as TrackingList;
    expect(mine.items.map((item) => item.appointmentId)).toEqual(['303', '301']);
    expect((await get('/api/tracking', { authorization: customer(9999) })).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });

    const day = (await get('/api/tracking?date=2026-11-20', { authorization: staff })).json() as TrackingList;
    expect(day.items.map((item) => item.appointmentId)).toEqual(['303']);
    const all = (await get('/api/tracking?pageSize=100', { authorization: staff })).json() as TrackingList;
    expect(all.items.every((item) => item.status !== 'completed' && item.closed === null)).toBe(true);
    const firstPage = (await get('/api/tracking?pageSize=2&page=1', { authorization: staff })).json() as TrackingList;
    const secondPage = (await get('/api/tracking?pageSize=2&page=2', { authorization: staff })).json() as TrackingList;
    expect(firstPage).toMatchObject({ total: all.total, page: 1, pageSize: 2 });
    expect([...firstPage.items, ...secondPage.items].map((item) => item.appointmentId)).toEqual(all.items.slice(0, 4).map((item) => item.appointmentId));

    expectApiError(await get('/api/tracking?date=2026-02-30', { authorization: staff }), 400, 'VALIDATION_ERROR', { 'querystring.date': expect.any(String) });
    expectApiError(await get('/api/tracking?page=0&pageSize=500', { authorization: staff }), 400, 'VALIDATION_ERROR', { 'querystring.page': expect.any(String), 'querystring.pageSize': expect.any(String) });
    expectApiError(await get('/api/tracking'), 401, 'UNAUTHORIZED');
  });
});
