import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Technician, TrackingRecord } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { destination, distanceKm, etaMinutes } from '../src/domain/geo.ts';
import { tripLimits } from '../src/domain/trip.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

const clock = testClock('2026-11-24T13:00:00Z');
let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  service = await createTestService(trackingService, { RATE_LIMIT_MAX: '100000', TRACKING_AVERAGE_SPEED_KMH: '30', TRACKING_ROAD_FACTOR: '1.5' }, { now: clock.now });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
});

const settings = { averageSpeedKmh: 30, roadFactor: 1.5 };
/** ZIP 32084's centre, where the offline geocoder puts 48 Cordova St. */
const customer = { lat: 29.8977, lng: -81.3422 };

async function newTechnician(): Promise<string> {
  const response = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Route Driver', phone: '(904) 555-0170', vehicleInfo: 'Van' } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as Technician).id;
}
async function deliver(...args: Parameters<typeof dispatchSnapshot>) {
  expect((await deliverSnapshot(service.app, dispatchSnapshot(...args))).json()).toMatchObject({ status: 'applied' });
}
const tracking = async (id: number) => {
  const response = await service.app.inject({ method: 'GET', url: `/api/tracking/${id}`, headers: { authorization: staff } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TrackingRecord;
};
const setStatus = async (id: number, status: string) => {
  const response = await service.app.inject({ method: 'PUT', url: `/api/tracking/${id}/status`, headers: { authorization: staff }, payload: { status } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TrackingRecord;
};
const moveTo = async (technicianId: string, point: { lat: number; lng: number }) => {
  const response = await service.app.inject({ method: 'PUT', url: `/api/technicians/${technicianId}/location`, headers: { authorization: staff }, payload: { ...point, address: 'US-1' } });
  expect(response.statusCode, response.body).toBe(200);
};

describe('the customer’s location', () => {
  it('is geocoded offline from the appointment’s ZIP, else its town, else left unknown, and says how precisely', async () => {
    const tech = await newTechnician();
    await deliver(501, 1, { technicianId: tech });
    expect((await tracking(501)).customerLocation).toEqual({ ...customer, address: '48 Cordova St, St Augustine, FL 32084', precision: 'zip', centreOf: '32084' });

    await deliver(502, 1, { technicianId: tech, address: '10 Main St', city: 'Hastings', zipCode: '99999' });
    expect((await tracking(502)).customerLocation).toEqual({ lat: 29.718, lng: -81.5081, address: '10 Main St, Hastings, FL 99999', precision: 'town', centreOf: 'Hastings' });

    await deliver(503, 1, { technicianId: tech, address: '1 Elm St', city: 'Springfield', state: 'IL', zipCode: '62701' });
    const unknown = await tracking(503);
    expect(unknown.customerLocation).toEqual({ lat: null, lng: null, address: '1 Elm St, Springfield, IL 62701', precision: null, centreOf: null });
    await moveTo(tech, customer);
    // Without the customer's coordinates nothing is computed, even with the technician's position.
    expect(await tracking(503)).toMatchObject({ distanceToCustomer: null, estimatedTimeToArrival: null, estimatedArrivalSource: 'schedule' });

    // A new address in a newer snapshot is placed again.
    await deliver(503, 2, { technicianId: tech, address: '2 Beach Blvd', city: 'St Augustine Beach', zipCode: '32080' });
    expect((await tracking(503)).customerLocation).toMatchObject({ lat: 29.8383, lng: -81.2737, precision: 'zip', centreOf: '32080' });
  });
});

describe('distance, ETA and the trip', () => {
  it('recomputes distance and ETA on every location update, live once en route, and 0 on arrival', async () => {
    const tech = await newTechnician();
    await deliver(511, 1, { technicianId: tech });
    const start = destination(customer, 270, 8);
    await moveTo(tech, start);
    const dispatched = await tracking(511);
    expect(dispatched.distanceToCustomer).toBeCloseTo(8, 2);
    expect(dispatched).toMatchObject({ estimatedTimeToArrival: etaMinutes(8, settings), estimatedArrivalSource: 'schedule', estimatedArrival: '2026-11-24T14:00:00.000Z', route: [] });

    clock.set('2026-11-24T13:10:00Z');
    const enRoute = await setStatus(511, 'en-route');
    // The trip starts where the technician was.
    expect(enRoute.route).toEqual([{ lat: start.lat, lng: start.lng }]);
    const etaFromStart = etaMinutes(8, settings);
    expect(enRoute).toMatchObject({ estimatedArrivalSource: 'live', estimatedTimeToArrival: etaFromStart });
    // Live: when the position was reported (13:00) plus the ETA.
    expect(enRoute.estimatedArrival).toBe(new Date(Date.parse('2026-11-24T13:00:00Z') + etaFromStart * 60_000).toISOString());

    let previous = enRoute;
    for (const km of [6, 4, 2, 0.5]) {
      clock.set(new Date(clock.now().getTime() + 60_000).toISOString());
      await moveTo(tech, destination(customer, 270, km));
      const record = await tracking(511);
      expect(record.distanceToCustomer).toBeCloseTo(km, 2);
      expect(record.estimatedTimeToArrival).toBe(etaMinutes(km, settings));
      expect(record.estimatedTimeToArrival).toBeLessThan(previous.estimatedTimeToArrival!);
      expect(record.estimatedArrival).toBe(new Date(clock.now().getTime() + etaMinutes(km, settings) * 60_000).toISOString());
      expect(record.route).toHaveLength(previous.route.length + 1);
      expect(record.route.at(-1)!.lat).toBeCloseTo(destination(customer, 270, km).lat, 9);
      expect(record.location).toMatchObject({ lastUpdated: clock.now().toISOString() });
      previous = record;
    }

    // Standing still (or a jitter under 10 m) adds nothing to the trip.
    await moveTo(tech, destination(customer, 270, 0.5 - 0.004));
    expect((await tracking(511)).route).toHaveLength(previous.route.length);

    const arrived = await setStatus(511, 'arrived');
    expect(arrived).toMatchObject({ distanceToCustomer: 0, estimatedTimeToArrival: 0, estimatedArrivalSource: 'live', estimatedArrival: clock.now().toISOString(), actualArrival: clock.now().toISOString() });
    // The trip ended on arrival: moving about on site does not extend it.
    await moveTo(tech, destination(customer, 0, 0.2));
    expect((await tracking(511)).route).toHaveLength(previous.route.length);
    clock.set('2026-11-24T13:00:00Z');
  });

  it('keeps only the newest 500 points of a trip, and starts a new trip after a reassignment', async () => {
    const tech = await newTechnician();
    await deliver(521, 1, { technicianId: tech });
    await moveTo(tech, destination(customer, 180, 5));
    await setStatus(521, 'en-route');
    // A long trip so far, written straight into the table: the first point is the one the job set off from.
    const points = Array.from({ length: tripLimits.maxPoints - 1 }, (_, i) => ({ appointment_id: 521, ...destination(customer, 180, 4.9 - i * 0.009), recorded_at: clock.now() }));
    await service.db.insertInto('tracking_route_points').values(points).execute();
    expect((await tracking(521)).route).toHaveLength(tripLimits.maxPoints);

    const secondOldest = (await tracking(521)).route[1]!;
    await moveTo(tech, destination(customer, 90, 0.3));
    await moveTo(tech, destination(customer, 90, 0.1));
    const record = await tracking(521);
    expect(record.route).toHaveLength(tripLimits.maxPoints);
    expect(record.route[0]!.lat).toBeCloseTo(points[1]!.lat, 9);
    // Two new points: the two oldest went.
    expect(record.route[0]).not.toEqual(secondOldest);
    expect(record.route.at(-1)).toEqual(destination(customer, 90, 0.1));
    expect(distanceKm(record.route.at(-1)!, customer)).toBeCloseTo(0.1, 6);

    const other = await newTechnician();
    await deliver(521, 2, { technicianId: other });
    expect((await tracking(521))).toMatchObject({ technicianId: other, status: 'dispatched', route: [] });
  });

  it('lists records with their trips and estimates, as the single read does', async () => {
    const list = (await service.app.inject({ method: 'GET', url: '/api/tracking?date=2026-11-24&pageSize=100', headers: { authorization: staff } })).json() as { items: TrackingRecord[] };
    for (const item of list.items) expect(item).toEqual(await tracking(Number(item.appointmentId)));
  });
});
