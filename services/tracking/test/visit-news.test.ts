import { afterAll, beforeAll, expect, it } from 'vitest';
import { technicianArrivedTopic, technicianEnRouteTopic, type TechnicianArrived, type TechnicianEnRoute, type Technician } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import { publishedEffects } from '@repo/service-kit/testing';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
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
