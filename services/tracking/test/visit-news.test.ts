import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  technicianArrivedTopic,
  technicianEnRouteTopic,
  technicianRunningLateTopic,
  type TechnicianArrived,
  type TechnicianEnRoute,
  type TechnicianRunningLate,
  type Technician,
} from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { destination } from '../src/domain/geo.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

const clock = testClock('2026-11-24T13:20:00Z');
let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  service = await createTestService(trackingService, { SEED_DEMO: 'true', RATE_LIMIT_MAX: '10000' }, { now: clock.now });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
});

const move = async (appointmentId: number, status: string) => {
  const response = await service.app.inject({ method: 'PUT', url: `/api/tracking/${appointmentId}/status`, headers: { authorization: staff }, payload: { status } });
  expect(response.statusCode, response.body).toBe(200);
};
const enRoutes = (appointmentId: number) => publishedEffects<TechnicianEnRoute>(service.database, technicianEnRouteTopic).then((all) => all.filter((e) => e.appointmentId === appointmentId));
const arrivals = (appointmentId: number) => publishedEffects<TechnicianArrived>(service.database, technicianArrivedTopic).then((all) => all.filter((e) => e.appointmentId === appointmentId));
const lateNews = (appointmentId: number) => publishedEffects<TechnicianRunningLate>(service.database, technicianRunningLateTopic).then((all) => all.filter((e) => e.appointmentId === appointmentId));
const newTechnician = async (name: string) => {
  const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name, phone: '(904) 555-0177', vehicleInfo: 'Van' } });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as Technician).id;
};
/** ZIP 32084's centre, where the offline geocoder puts 48 Cordova St. */
const customer = { lat: 29.8977, lng: -81.3422 };
/**
 * A 32084 address of the appointment's own: an arrival at an address places it where the technician stood from then
 * on (48 Cordova St after the first test), and these tests measure from the ZIP's centre.
 */
const ownStreet = (appointmentId: number) => `${appointmentId} Late Ln`;
/** The technician reports a position `km` west of the customer, at the clock's time. */
const reportKmAway = async (technicianId: string, km: number) => {
  const response = await service.app.inject({ method: 'PUT', url: `/api/technicians/${technicianId}/location`, headers: { authorization: staff }, payload: { ...destination(customer, 270, km), address: 'US-1' } });
  expect(response.statusCode, response.body).toBe(200);
};

it('tells notifications once when the technician sets off, with the first name, initials and ETA, and once on arrival; nothing else', async () => {
  expect((await deliverSnapshot(service.app, dispatchSnapshot(401, 1))).statusCode).toBe(200);
  expect(await enRoutes(401)).toEqual([]);
  await move(401, 'en-route');
  // Mike's seeded position on King St is 2.9 km from 48 Cordova St: 6 minutes at the defaults, from the moment he set off.
  expect(await enRoutes(401)).toEqual([{
    appointmentId: 401,
    technicianFirstName: 'Mike',
    technicianInitials: 'MJ',
    etaMinutes: 6,
    estimatedArrival: '2026-11-24T13:26:00.000Z',
    estimatedArrivalSource: 'live',
    at: '2026-11-24T13:20:00.000Z',
  }]);
  expect(await arrivals(401)).toEqual([]);

  clock.set('2026-11-24T13:27:00Z');
  await move(401, 'arrived');
  expect(await arrivals(401)).toEqual([{ appointmentId: 401, technicianFirstName: 'Mike', technicianInitials: 'MJ', at: '2026-11-24T13:27:00.000Z' }]);
  await move(401, 'in-progress');
  await move(401, 'completed');
  expect(await enRoutes(401)).toHaveLength(1);
  expect(await arrivals(401)).toHaveLength(1);
  // Never the full name, the technician's id or position, or the record's status.
  const published = JSON.stringify([...(await enRoutes(401)), ...(await arrivals(401))]);
  for (const secret of ['Johnson', 'tech_mike', 'status', 'lat', 'en-route']) expect(published).not.toContain(secret);
});

it('without the technician’s position the ETA is the schedule’s, with no minutes made up', async () => {
  const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Ana  de la Cruz', phone: '(904) 555-0199', vehicleInfo: 'Van' } });
  expect(created.statusCode, created.body).toBe(201);
  const tech = (created.json() as Technician).id;
  clock.set('2026-11-24T13:00:00Z');
  await deliverSnapshot(service.app, dispatchSnapshot(402, 1, { technicianId: tech }));
  await move(402, 'en-route');
  expect(await enRoutes(402)).toEqual([{
    appointmentId: 402,
    technicianFirstName: 'Ana',
    technicianInitials: 'AD',
    etaMinutes: null,
    estimatedArrival: '2026-11-24T14:00:00.000Z',
    estimatedArrivalSource: 'schedule',
    at: '2026-11-24T13:00:00.000Z',
  }]);
});

// The ETA at the defaults (40 km/h, roads 1.3 times the straight line), rounded up: 8 km 16 minutes, 5.5 km 11,
// 4 km 8, 2 km 4, 0.5 km 1.
describe('running late', () => {
  it('tells notifications once when the ETA passes the end of the arrival window; nothing within it, nothing more after, nothing after arrival', async () => {
    const tech = await newTechnician('Rosa Alvarez');
    // The window: Tuesday 24 November 2026, 9:00–10:00 AM Eastern (14:00–15:00 UTC).
    await deliverSnapshot(service.app, dispatchSnapshot(411, 1, { technicianId: tech, address: ownStreet(411) }));
    clock.set('2026-11-24T14:30:00Z');
    await reportKmAway(tech, 8);
    await move(411, 'en-route');
    // Set off at 9:30 with 16 minutes to go, then 12 minutes at 9:40: expected 9:46, then 9:52, within the window.
    clock.set('2026-11-24T14:40:00Z');
    await reportKmAway(tech, 6);
    expect(await lateNews(411)).toEqual([]);

    // Slowed down: 5.5 km at 9:50 is 11 minutes, expected 10:01, after the window's end.
    clock.set('2026-11-24T14:50:00Z');
    await reportKmAway(tech, 5.5);
    const late: TechnicianRunningLate = {
      appointmentId: 411,
      technicianFirstName: 'Rosa',
      technicianInitials: 'RA',
      etaMinutes: 11,
      estimatedArrival: '2026-11-24T15:01:00.000Z',
      windowStart: '2026-11-24T14:00:00.000Z',
      windowEnd: '2026-11-24T15:00:00.000Z',
      at: '2026-11-24T14:50:00.000Z',
    };
    expect(await lateNews(411)).toEqual([late]);

    // Later late estimates (10:03), and one back within the window (9:58), add nothing.
    clock.set('2026-11-24T14:55:00Z');
    await reportKmAway(tech, 4);
    clock.set('2026-11-24T14:57:00Z');
    await reportKmAway(tech, 0.5);
    expect(await lateNews(411)).toEqual([late]);

    // Arrived: a position far from the customer afterwards (driving on to the next job) tells nothing.
    clock.set('2026-11-24T14:58:00Z');
    await move(411, 'arrived');
    clock.set('2026-11-24T16:00:00Z');
    await reportKmAway(tech, 20);
    expect(await lateNews(411)).toEqual([late]);
    expect(await enRoutes(411)).toHaveLength(1);
    expect(await arrivals(411)).toHaveLength(1);
    expect(await service.db.selectFrom('tracking_records').select('running_late_at').where('appointment_id', '=', 411).executeTakeFirstOrThrow()).toEqual({ running_late_at: new Date('2026-11-24T14:50:00Z') });
    // Never the full name, the technician's id or position, or the record's status.
    const published = JSON.stringify(await lateNews(411));
    for (const secret of ['Alvarez', tech, 'lat', 'en-route']) expect(published).not.toContain(secret);
  });

  it('is never told from the schedule alone; setting off too late tells it with the en route; a trip after a reschedule may be late again, for its window', async () => {
    const tech = await newTechnician('Omar Haddad');
    await deliverSnapshot(service.app, dispatchSnapshot(412, 1, { technicianId: tech, address: ownStreet(412) }));
    // Setting off at 10:20, after the 9:00–10:00 window, with no position: the estimate is the schedule's, not late.
    clock.set('2026-11-24T15:20:00Z');
    await move(412, 'en-route');
    expect(await enRoutes(412)).toMatchObject([{ estimatedArrivalSource: 'schedule', etaMinutes: null }]);
    expect(await lateNews(412)).toEqual([]);
    // The first position, 2 km away at 10:21: expected 10:25.
    clock.set('2026-11-24T15:21:00Z');
    await reportKmAway(tech, 2);
    const first = { appointmentId: 412, technicianFirstName: 'Omar', technicianInitials: 'OH', windowStart: '2026-11-24T14:00:00.000Z', windowEnd: '2026-11-24T15:00:00.000Z' };
    expect(await lateNews(412)).toEqual([{ ...first, etaMinutes: 4, estimatedArrival: '2026-11-24T15:25:00.000Z', at: '2026-11-24T15:21:00.000Z' }]);

    // Booking moves the visit to 3:00–4:00 PM (20:00–21:00 UTC): the job goes back to dispatched. A position while
    // dispatched tells nothing; setting off at 3:50 PM 8 km away (expected 4:06 PM) is late at once, for the new window.
    await deliverSnapshot(service.app, dispatchSnapshot(412, 2, { technicianId: tech, address: ownStreet(412), startsAt: '2026-11-24T15:00:00-05:00', endsAt: '2026-11-24T16:00:00-05:00' }));
    clock.set('2026-11-24T20:50:00Z');
    await reportKmAway(tech, 8);
    expect(await lateNews(412)).toHaveLength(1);
    await move(412, 'en-route');
    expect(await enRoutes(412)).toHaveLength(2);
    expect(await lateNews(412)).toEqual([
      { ...first, etaMinutes: 4, estimatedArrival: '2026-11-24T15:25:00.000Z', at: '2026-11-24T15:21:00.000Z' },
      { ...first, etaMinutes: 16, estimatedArrival: '2026-11-24T21:06:00.000Z', windowStart: '2026-11-24T20:00:00.000Z', windowEnd: '2026-11-24T21:00:00.000Z', at: '2026-11-24T20:50:00.000Z' },
    ]);
  });
});
