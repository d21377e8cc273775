import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateArrival, type ArrivalFacts } from '../src/domain/arrival.ts';
import { demoDrive, demoStart, nextDemoPosition } from '../src/domain/demo-path.ts';
import { bearingDegrees, destination, distanceKm, etaMinutes, type GeoPoint } from '../src/domain/geo.ts';
import { normalizeTown, serviceAreaGeocoder } from '../src/domain/geocoder.ts';
import { extendsTrip } from '../src/domain/trip.ts';

const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
/** Points around the service area, where the demo and real jobs are. */
const nearby = fc.record({ lat: fc.double({ min: 29.4, max: 30.4, noNaN: true }), lng: fc.double({ min: -81.8, max: -81.1, noNaN: true }) });
const settings = { averageSpeedKmh: 40, roadFactor: 1.3 };
const downtown = { lat: 29.8947, lng: -81.3145 };

describe('distance', () => {
  it('is 0 for the same point, symmetric, never negative, and obeys the triangle inequality', () => {
    fc.assert(fc.property(point, point, point, (a, b, c) => {
      expect(distanceKm(a, a)).toBe(0);
      expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
      expect(distanceKm(a, b)).toBeGreaterThanOrEqual(0);
      // Within a metre: floating-point rounding near antipodal points is far below what the map or the ETA shows.
      expect(distanceKm(a, c)).toBeLessThanOrEqual(distanceKm(a, b) + distanceKm(b, c) + 1e-3);
      // Never more than half the way round the Earth.
      expect(distanceKm(a, b)).toBeLessThanOrEqual(Math.PI * 6371.0088 + 1e-3);
    }));
  });

  it('matches known distances', () => {
    // Downtown St Augustine to downtown Jacksonville: about 59 km as the crow flies.
    expect(distanceKm(downtown, { lat: 30.3322, lng: -81.6557 })).toBeCloseTo(58.9, 0);
    // One degree of latitude is about 111.2 km.
    expect(distanceKm({ lat: 29, lng: -81 }, { lat: 30, lng: -81 })).toBeCloseTo(111.2, 1);
  });

  it('walks back: a destination lies at the distance and bearing it was made from', () => {
    fc.assert(fc.property(nearby, fc.double({ min: 0, max: 359.9, noNaN: true }), fc.double({ min: 0.05, max: 50, noNaN: true }), (from, bearing, km) => {
      const to = destination(from, bearing, km);
      expect(distanceKm(from, to)).toBeCloseTo(km, 6);
      const back = bearingDegrees(from, to);
      expect(Math.min(Math.abs(back - bearing), 360 - Math.abs(back - bearing))).toBeLessThan(0.01);
    }));
  });
});

describe('ETA', () => {
  it('grows with the distance, is at least 1 minute and a whole number', () => {
    const km = fc.double({ min: 0, max: 500, noNaN: true });
    fc.assert(fc.property(km, km, (a, b) => {
      const [near, far] = a <= b ? [a, b] : [b, a];
      expect(etaMinutes(near, settings)).toBeLessThanOrEqual(etaMinutes(far, settings));
      expect(etaMinutes(near, settings)).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(etaMinutes(far, settings))).toBe(true);
    }));
  });

  it('is distance × road factor / average speed, in minutes, rounded up', () => {
    // 10 km × 1.3 = 13 km of road at 40 km/h: 19.5 minutes → 20.
    expect(etaMinutes(10, settings)).toBe(20);
    expect(etaMinutes(10, { averageSpeedKmh: 60, roadFactor: 1 })).toBe(10);
    expect(etaMinutes(0, settings)).toBe(1);
  });
});

describe('arrival estimate', () => {
  const facts = (overrides: Partial<ArrivalFacts>): ArrivalFacts => ({
    status: 'en-route',
    open: true,
    technician: { lat: 29.9, lng: -81.4, at: new Date('2026-11-24T13:30:00Z') },
    customer: downtown,
    scheduledStart: new Date('2026-11-24T14:00:00Z'),
    actualArrival: null,
    road: null,
    ...overrides,
  });

  it('is live while en route: the position’s time plus the ETA', () => {
    const estimate = estimateArrival(facts({}), settings);
    const km = distanceKm({ lat: 29.9, lng: -81.4 }, downtown);
    expect(estimate.distanceToCustomer).toBeCloseTo(km, 3);
    expect(estimate.estimatedTimeToArrival).toBe(etaMinutes(km, settings));
    expect(estimate).toMatchObject({ estimatedArrivalSource: 'live', estimatedArrival: new Date(Date.parse('2026-11-24T13:30:00Z') + etaMinutes(km, settings) * 60_000) });
  });

  it('keeps the schedule before the technician sets off, and without either position', () => {
    expect(estimateArrival(facts({ status: 'dispatched' }), settings)).toMatchObject({ estimatedArrivalSource: 'schedule', estimatedArrival: new Date('2026-11-24T14:00:00Z'), estimatedTimeToArrival: expect.any(Number) });
    for (const missing of [{ technician: null }, { customer: null }]) {
      expect(estimateArrival(facts(missing), settings)).toEqual({ distanceToCustomer: null, estimatedTimeToArrival: null, estimatedArrival: new Date('2026-11-24T14:00:00Z'), estimatedArrivalSource: 'schedule' });
    }
    expect(estimateArrival(facts({ open: false }), settings)).toMatchObject({ distanceToCustomer: null, estimatedArrivalSource: 'schedule' });
  });

  it('is 0 km and 0 minutes once there, estimated as the real arrival', () => {
    const arrivedAt = new Date('2026-11-24T13:52:00Z');
    for (const status of ['arrived', 'in-progress', 'completed'] as const) {
      expect(estimateArrival(facts({ status, actualArrival: arrivedAt }), settings)).toEqual({ distanceToCustomer: 0, estimatedTimeToArrival: 0, estimatedArrival: arrivedAt, estimatedArrivalSource: 'live' });
    }
    // Completed in booking without an arrival on record: nothing live to show.
    expect(estimateArrival(facts({ status: 'completed' }), settings)).toMatchObject({ distanceToCustomer: 0, estimatedArrivalSource: 'schedule' });
  });

  it('never arrives later while the technician gets closer at the same moment', () => {
    fc.assert(fc.property(nearby, fc.double({ min: 0, max: 1, noNaN: true }), (from, fraction) => {
      const closer = destination(from, bearingDegrees(from, downtown), distanceKm(from, downtown) * fraction);
      const at = new Date('2026-11-24T13:30:00Z');
      const far = estimateArrival(facts({ technician: { ...from, at } }), settings);
      const near = estimateArrival(facts({ technician: { ...closer, at } }), settings);
      expect(near.estimatedArrival.getTime()).toBeLessThanOrEqual(far.estimatedArrival.getTime());
    }));
  });
});

describe('offline geocoder', () => {
  const geocoder = serviceAreaGeocoder();
  const locate = (city: string, zipCode: string, state = 'FL') => geocoder.locate({ street: '1 Main St', city, state, zipCode });

  it('places a service-area ZIP first, ZIP+4 too, whatever the town says', async () => {
    expect(await locate('St Augustine', '32084')).toEqual({ lat: 29.8977, lng: -81.3422, precision: 'zip' });
    expect(await locate('Anywhere', '32137-4410')).toMatchObject({ precision: 'zip', lat: 29.58 });
    expect(await locate('Ponte Vedra Beach', '32082')).toMatchObject({ precision: 'zip' });
    expect(await locate('Jacksonville Beach', '32250')).toMatchObject({ precision: 'zip' });
  });

  it('falls back to the town, however it is spelled, in Florida only', async () => {
    expect(await locate('Saint Augustine', '99999')).toEqual({ lat: 29.8947, lng: -81.3145, precision: 'town' });
    expect(await locate('st. augustine beach', '')).toMatchObject({ precision: 'town', lat: 29.8506 });
    expect(await locate('  HASTINGS ', 'n/a', 'Florida')).toMatchObject({ precision: 'town' });
    expect(await locate('Elkton', '00000', 'fl')).toMatchObject({ precision: 'town' });
    expect(await locate('Jacksonville', '10001', 'NY')).toBeNull();
    expect(await locate('Atlantis', '12345')).toBeNull();
  });

  it('writes Saint and St. alike', () => {
    expect(normalizeTown('Saint Augustine')).toBe('st augustine');
    expect(normalizeTown('St. Augustine Beach')).toBe('st augustine beach');
    expect(normalizeTown('Port St. Johns')).toBe('port st johns');
  });
});

describe('trip and demo drive', () => {
  it('a trip grows only by moves of 10 m or more', () => {
    expect(extendsTrip(undefined, downtown)).toBe(true);
    expect(extendsTrip(downtown, destination(downtown, 90, 0.005))).toBe(false);
    expect(extendsTrip(downtown, destination(downtown, 90, 0.02))).toBe(true);
  });

  it('starts 6 km out, steps 300 m toward the customer, never past them, and starts over on arrival', () => {
    const start = demoStart(downtown);
    expect(distanceKm(start, downtown)).toBeCloseTo(6, 6);
    expect(nextDemoPosition(null, downtown)).toEqual(start);

    const path: GeoPoint[] = [start];
    for (let step = 0; step < 25; step += 1) path.push(nextDemoPosition(path.at(-1)!, downtown));
    const distances = path.map((p) => distanceKm(p, downtown));
    const arrival = distances.findIndex((d) => d <= demoDrive.arrivedWithinKm);
    // 6 km in 300 m steps: there after 20 steps, each one closer by a step, then back to the start.
    expect(arrival).toBe(20);
    for (let i = 1; i <= arrival; i += 1) expect(distances[i - 1]! - distances[i]!).toBeCloseTo(0.3, 6);
    expect(path[arrival]).toEqual(downtown);
    expect(path[arrival + 1]).toEqual(start);
  });

  it('from anywhere, either starts over or gets one step (at most) closer', () => {
    fc.assert(fc.property(fc.option(nearby), nearby, (current, customer) => {
      const next = nextDemoPosition(current, customer);
      const after = distanceKm(next, customer);
      const start = demoStart(customer);
      if (next.lat === start.lat && next.lng === start.lng) {
        expect(after).toBeCloseTo(demoDrive.startDistanceKm, 6);
        return;
      }
      // Without a position it always starts at the start.
      expect(current).not.toBeNull();
      const before = distanceKm(current!, customer);
      expect(before).toBeGreaterThan(demoDrive.arrivedWithinKm);
      expect(before - after).toBeCloseTo(Math.min(demoDrive.stepKm, before), 6);
    }));
  });
});
