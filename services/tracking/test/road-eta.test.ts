import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Technician, TrackingRecord } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { destination, distanceKm, etaMinutes } from '../src/domain/geo.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';
import { osrmTestRoute, startOsrmStandIn } from './support/osrm-stand-in.ts';
import type { StandIn } from './support/stand-in-server.ts';

const clock = testClock('2026-11-24T13:00:00Z');
const settings = { averageSpeedKmh: 30, roadFactor: 1.5 };
let osrm: StandIn;
let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  osrm = await startOsrmStandIn();
  service = await createTestService(
    trackingService,
    { RATE_LIMIT_MAX: '100000', TRACKING_AVERAGE_SPEED_KMH: '30', TRACKING_ROAD_FACTOR: '1.5', ROUTING_URL: osrm.url, ROUTING_TIMEOUT_MS: '300' },
    { now: clock.now },
  );
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
  await osrm?.close();
});
beforeEach(() => {
  osrm.setMode('ok');
  clock.set('2026-11-24T13:00:00Z');
});

/** ZIP 32084's centre, where the offline geocoder puts 48 Cordova St. */
const customer = { lat: 29.8977, lng: -81.3422 };

async function enRouteJob(appointmentId: number, start: { lat: number; lng: number }, overrides = {}): Promise<string> {
  const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Road Driver', phone: '(904) 555-0173', vehicleInfo: 'Van' } });
  expect(created.statusCode, created.body).toBe(201);
  const tech = (created.json() as Technician).id;
  expect((await deliverSnapshot(service.app, dispatchSnapshot(appointmentId, 1, { technicianId: tech, ...overrides }))).json()).toMatchObject({ status: 'applied' });
  await moveTo(tech, start);
  const response = await service.app.inject({ method: 'PUT', url: `/api/tracking/${appointmentId}/status`, headers: { authorization: staff }, payload: { status: 'en-route' } });
  expect(response.statusCode, response.body).toBe(200);
  return tech;
}
async function moveTo(technicianId: string, point: { lat: number; lng: number }) {
  const response = await service.app.inject({ method: 'PUT', url: `/api/technicians/${technicianId}/location`, headers: { authorization: staff }, payload: point });
  expect(response.statusCode, response.body).toBe(200);
}
async function tracking(appointmentId: number) {
  const response = await service.app.inject({ method: 'GET', url: `/api/tracking/${appointmentId}`, headers: { authorization: staff } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TrackingRecord;
}
const later = (seconds: number) => clock.set(new Date(clock.now().getTime() + seconds * 1000).toISOString());
const routeAsks = (to: { lat: number; lng: number }) => osrm.received.filter((request) => request.url.pathname.endsWith(`;${to.lng},${to.lat}`));
/** What the record shows for a route the stand-in answered. */
const byRoad = (route: { distance: number; duration: number }, share = 1) => ({
  distanceToCustomer: Math.round(((route.distance / 1000) * share) * 1000) / 1000,
  estimatedTimeToArrival: Math.max(1, Math.ceil(((route.duration / 60) * share) - 1e-9)),
});
const straight = (point: { lat: number; lng: number }) => ({
  distanceToCustomer: Math.round(distanceKm(point, customer) * 1000) / 1000,
  estimatedTimeToArrival: etaMinutes(distanceKm(point, customer), settings),
});

describe('the ETA by road (OSRM)', () => {
  it('uses the route’s distance and duration, asking with the documented route request', async () => {
    const start = destination(customer, 270, 8);
    const tech = await enRouteJob(701, start);
    const first = destination(customer, 270, 7);
    await moveTo(tech, first);
    const record = await tracking(701);
    const route = osrmTestRoute(first, customer);
    expect(record).toMatchObject({ ...byRoad(route), estimatedArrivalSource: 'live' });
    expect(record.estimatedArrival).toBe(new Date(clock.now().getTime() + byRoad(route).estimatedTimeToArrival * 60_000).toISOString());
    // Not the straight line at the average speed.
    expect(record.estimatedTimeToArrival).not.toBe(straight(first).estimatedTimeToArrival);
    const [request] = routeAsks(customer);
    expect(request!.url.pathname).toBe(`/route/v1/driving/${first.lng},${first.lat};${customer.lng},${customer.lat}`);
    expect(request!.url.searchParams.get('overview')).toBe('false');
  });

  it('asks at most every 30 s, and then only after 200 m, scaling the last answer in between', async () => {
    const tech = await enRouteJob(702, destination(customer, 0, 9), { address: '2 Throttle St' });
    const asked = () => osrm.received.length;
    const first = destination(customer, 0, 8);
    await moveTo(tech, first);
    const afterFirst = asked();
    const route = osrmTestRoute(first, customer);

    // 10 s later, 500 m nearer: too soon to ask; the answer is scaled to the technician's progress.
    later(10);
    const nearer = destination(customer, 0, 7.5);
    await moveTo(tech, nearer);
    expect(asked()).toBe(afterFirst);
    expect(await tracking(702)).toMatchObject(byRoad(route, distanceKm(nearer, customer) / distanceKm(first, customer)));

    // 31 s after the ask, but only 100 m from where it was asked: not worth asking.
    later(21);
    await moveTo(tech, destination(customer, 0, 7.9));
    expect(asked()).toBe(afterFirst);

    // 31 s and 1 km on: asked again, from there.
    const moved = destination(customer, 0, 7);
    await moveTo(tech, moved);
    expect(asked()).toBe(afterFirst + 1);
    expect(await tracking(702)).toMatchObject(byRoad(osrmTestRoute(moved, customer)));
  });

  it('keeps the straight line when OSRM fails or times out, and asks again 30 s later', async () => {
    const tech = await enRouteJob(703, destination(customer, 90, 9), { address: '3 Fallback St' });
    osrm.setMode('fail');
    const point = destination(customer, 90, 8);
    await moveTo(tech, point);
    expect(await tracking(703)).toMatchObject({ ...straight(point), estimatedArrivalSource: 'live' });
    const failedAsks = osrm.received.length;
    // Within 30 s of the failed ask nothing is asked, even after moving far.
    osrm.setMode('ok');
    later(10);
    const on = destination(customer, 90, 6);
    await moveTo(tech, on);
    expect(osrm.received).toHaveLength(failedAsks);
    expect(await tracking(703)).toMatchObject(straight(on));

    // Too slow: the position report is answered within the timeout and keeps the straight line.
    osrm.setMode('hang');
    later(30);
    const slow = destination(customer, 90, 5);
    const started = Date.now();
    await moveTo(tech, slow);
    expect(Date.now() - started).toBeLessThan(300 + 2_000);
    expect(osrm.received).toHaveLength(failedAsks + 1);
    expect(await tracking(703)).toMatchObject(straight(slow));

    // Back: 30 s after the failed ask, the route again.
    osrm.setMode('ok');
    later(30);
    const back = destination(customer, 90, 4.9);
    await moveTo(tech, back);
    expect(osrm.received).toHaveLength(failedAsks + 2);
    expect(await tracking(703)).toMatchObject(byRoad(osrmTestRoute(back, customer)));
  });

  it('keeps the straight line when OSRM answers NoRoute', async () => {
    // The stand-in knows no road to latitude 0, where no address of the service area is: the customer's point is put
    // there directly.
    const tech = await enRouteJob(704, destination(customer, 180, 9), { address: '4 Island Rd' });
    const island = { lat: 0, lng: -81.3422 };
    await service.db.updateTable('appointment_snapshots').set({ customer_lat: island.lat, customer_lng: island.lng }).where('appointment_id', '=', 704).execute();
    const point = { lat: 0.05, lng: -81.3422 };
    await moveTo(tech, point);
    expect(routeAsks(island)).toHaveLength(1);
    const km = distanceKm(point, island);
    expect(await tracking(704)).toMatchObject({ distanceToCustomer: Math.round(km * 1000) / 1000, estimatedTimeToArrival: etaMinutes(km, settings) });
  });
});
