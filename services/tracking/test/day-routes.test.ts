import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRoutesPath, type DayRoutes, type Technician } from '@repo/contracts';
import { createTestService, expectApiError, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { dayRouteLegs } from '../src/domain/day-route.ts';
import { distanceKm, etaMinutes } from '../src/domain/geo.ts';
import { zipCentres } from '../src/domain/service-area-places.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

const clock = testClock('2026-11-24T13:00:00Z');
const eta = { averageSpeedKmh: 30, roadFactor: 1.5 };
let service: TestService<TrackingDatabase>;
let staff: string;

beforeAll(async () => {
  service = await createTestService(trackingService, { RATE_LIMIT_MAX: '100000', TRACKING_AVERAGE_SPEED_KMH: '30', TRACKING_ROAD_FACTOR: '1.5', TRACKING_VISIT_MINUTES: '60' }, { now: clock.now });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
});

const at = (time: string) => `2026-11-25T${time}:00-05:00`;
const routes = (date: string, authorization = staff) => service.app.inject({ method: 'GET', url: `${dayRoutesPath}?date=${date}`, headers: authorization ? { authorization } : {} });

describe('a day’s routes for the dispatch board', () => {
  it('checks who asks before the query: 401 without a session, 403 for a customer or a technician; 400 for a bad date', async () => {
    expectApiError(await routes('nonsense', ''), 401, 'UNAUTHORIZED');
    expectApiError(await routes('nonsense', service.bearer({ sub: 'customer:7', role: 'customer', customerId: 7 })), 403, 'FORBIDDEN');
    expectApiError(await routes('nonsense', service.bearer({ sub: 'technician:1', role: 'technician', technicianId: 'tech_mike' })), 403, 'FORBIDDEN');
    expectApiError(await routes('2026-02-30'), 400, 'VALIDATION_ERROR');
  });

  it('lists each technician’s visits in window order with the legs between them, and flags a visit out of reach', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/api/technicians', headers: { authorization: staff }, payload: { name: 'Route Planner', phone: '(904) 555-0171', vehicleInfo: 'Van' } });
    const technicianId = (created.json() as Technician).id;
    const visit = (id: number, from: string, to: string, zipCode: string, overrides = {}) =>
      deliverSnapshot(service.app, dispatchSnapshot(id, 1, { technicianId, zipCode, address: `${id} Main St`, customerName: `Customer ${id}`, startsAt: at(from), endsAt: at(to), ...overrides }));
    // Delivered out of order: the route is by window.
    for (const delivered of await Promise.all([
      visit(903, '11:00', '12:00', '32137'),
      visit(901, '09:00', '10:00', '32084'),
      visit(902, '10:00', '11:00', '32084'),
      visit(904, '13:00', '14:00', '32084', { status: 'cancelled' }),
      visit(905, '14:00', '15:00', '32084', { technicianId: null }),
    ])) expect(delivered.json()).toMatchObject({ status: 'applied' });

    const response = await routes('2026-11-25');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as DayRoutes;
    expect(body).toMatchObject({ date: '2026-11-25', visitMinutes: 60 });
    const mine = body.technicians.find((technician) => technician.technicianId === technicianId)!;
    expect(mine.visits.map((visit) => visit.appointmentId)).toEqual([901, 902, 903]);
    const [first, second, third] = mine.visits;
    expect(first).toMatchObject({ customerName: 'Customer 901', location: { precision: 'zip' }, fromPrevious: null, travelConflict: null });
    // Next door: no drive, and reachable.
    expect(second).toMatchObject({ fromPrevious: { km: 0, minutes: 0 }, travelConflict: null });
    // St Augustine to Palm Coast: begun at 10:00, an hour's visit, then the drive; the window ends at noon.
    const km = distanceKm(zipCentres['32084']!, zipCentres['32137']!);
    const minutes = etaMinutes(km, eta);
    expect(third!.fromPrevious).toEqual({ km: Math.round(km * 10) / 10, minutes });
    expect(minutes).toBeGreaterThan(60);
    expect(third!.travelConflict).toMatch(/^Cannot be reached in its window: after the previous visit \(about 60 min from 10:00 AM\) and about \d+ min of driving, the earliest arrival is \d+:\d\d PM, after the window ends at 12:00 PM\.$/);
  });

  it('starts again after a visit it cannot place, and lets a late window absorb the drive', () => {
    const stop = (from: string, to: string, location: { lat: number; lng: number } | null) => ({ startsAt: new Date(at(from)), endsAt: new Date(at(to)), location });
    const here = zipCentres['32084']!;
    const far = zipCentres['32137']!;
    const legs = dayRouteLegs([stop('09:00', '10:00', here), stop('10:00', '11:00', null), stop('11:00', '12:00', far), stop('16:00', '17:00', here)], 60, eta);
    expect(legs.map((leg) => leg.fromPrevious === null)).toEqual([true, true, true, false]);
    expect(legs.map((leg) => leg.travelConflict)).toEqual([null, null, null, null]);
  });
});
