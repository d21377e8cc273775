import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrackingRecord } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { demoDrive } from '../src/domain/demo-path.ts';
import { distanceKm } from '../src/domain/geo.ts';
import { serviceAreaGeocoder } from '../src/domain/geocoder.ts';
import type { TrackingContext } from '../src/use-cases/context.ts';
import { driveDemoTechnician } from '../src/use-cases/drive-demo-technician.ts';
import { insertTechnician } from '../src/repositories/technician-repository.ts';
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';
import { startTracking, type LiveTracking } from './ws-helpers.ts';

// Monday 23 November 2026, 10:00 in St Augustine.
const clock = testClock('2026-11-23T15:00:00Z');

describe('a demo step without a job to drive to', () => {
  let service: TestService<TrackingDatabase>;
  beforeAll(async () => {
    service = await createTestService(trackingService, { SEED_DEMO: 'true' }, { now: clock.now });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('does nothing, and tells no one', async () => {
    const ctx: TrackingContext = {
      db: service.db,
      now: clock.now,
      effects: { enqueue: () => Promise.reject(new Error('a step without a job must not change anything')) },
      readLink: () => undefined,
      geocoder: serviceAreaGeocoder(),
      eta: { averageSpeedKmh: 40, roadFactor: 1.3 }, visitMinutes: 60,
    };
    const before = await service.db.selectFrom('technicians').selectAll().where('id', '=', 'tech_mike').executeTakeFirstOrThrow();
    const step = (technicianId?: string) => service.db.transaction().execute((trx) => driveDemoTechnician(ctx, trx, technicianId));
    expect(await step()).toEqual({ moved: false });
    expect(await step('tech_nobody')).toEqual({ moved: false });
    expect(await service.db.selectFrom('technicians').selectAll().where('id', '=', 'tech_mike').executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('the demo driver (DEMO_DRIVER=true)', () => {
  let service: TestService<TrackingDatabase>;
  let staff: string;
  beforeAll(async () => {
    service = await createTestService(trackingService, { SEED_DEMO: 'true', DEMO_DRIVER: 'true', DEMO_DRIVER_INTERVAL_MS: '100' }, { now: clock.now });
    staff = service.bearer({ sub: 'staff:1', role: 'staff' });
  });
  afterAll(async () => {
    await service?.close();
  });

  const tracking = async (id: number) => (await service.app.inject({ method: 'GET', url: `/api/tracking/${id}`, headers: { authorization: staff } })).json() as TrackingRecord;

  it('sets today’s job of the demo technician off and drives toward the customer, starting over on arrival', async () => {
    // Started with nothing to drive to: it keeps going, and picks the job up once there is one.
    const tomorrow = dispatchSnapshot(702, 1, { startsAt: '2026-11-24T09:00:00-05:00', endsAt: '2026-11-24T10:00:00-05:00' });
    const today = dispatchSnapshot(701, 1, { startsAt: '2026-11-23T13:00:00-05:00', endsAt: '2026-11-23T14:00:00-05:00' });
    // Today's first: were tomorrow's alone for a tick, the driver would rightly set it off (its nearest open job).
    for (const snapshot of [today, tomorrow]) expect((await deliverSnapshot(service.app, snapshot)).json()).toMatchObject({ status: 'applied' });

    await vi.waitFor(async () => {
      const record = await tracking(701);
      expect(record).toMatchObject({ status: 'en-route', estimatedArrivalSource: 'live', location: { address: 'Demo drive to St Augustine' } });
      expect(record.distanceToCustomer).toBeLessThanOrEqual(demoDrive.startDistanceKm + 0.01);
      expect(record.route.length).toBeGreaterThan(3);
    }, { timeout: 30_000, interval: 50 });

    // Closer and closer until within 150 m, then back out at the start, 6 km away. Read from the kept trip (every
    // position of the drive), not from single reads, so a busy machine cannot make the check miss the moment.
    await vi.waitFor(async () => {
      const record = await tracking(701);
      const customer = { lat: record.customerLocation.lat!, lng: record.customerLocation.lng! };
      const away = record.route.map((point) => distanceKm(point, customer));
      const arrivedAt = away.findIndex((km) => km <= demoDrive.arrivedWithinKm);
      expect(arrivedAt).toBeGreaterThan(0);
      expect(away.slice(0, arrivedAt).every((km, index, before) => index === 0 || km < before[index - 1]!)).toBe(true);
      expect(away.slice(arrivedAt).some((km) => km >= demoDrive.startDistanceKm - demoDrive.stepKm)).toBe(true);
    }, { timeout: 60_000, interval: 100 });

    const record = await tracking(701);
    expect(record.status).toBe('en-route');
    expect(record.route.length).toBeLessThanOrEqual(500);
    expect((await tracking(702)).status).toBe('dispatched');
  });
});

describe('the demo driver on two replicas of one database', () => {
  const intervalMs = 400;
  let live: LiveTracking;
  beforeAll(async () => {
    const driver = { DEMO_DRIVER: 'true', DEMO_DRIVER_INTERVAL_MS: String(intervalMs) };
    live = await startTracking([driver, driver]);
  });
  afterAll(async () => {
    await live?.close();
  });

  /** The demo trip's points and when each was reported: one per step the driver took. */
  const trip = (appointmentId: number) =>
    live.db.selectFrom('tracking_route_points').select(['lat', 'lng', 'recorded_at']).where('appointment_id', '=', appointmentId).orderBy('id').execute();
  const meanGapMs = (points: { recorded_at: Date }[]) => (points.at(-1)!.recorded_at.getTime() - points[0]!.recorded_at.getTime()) / (points.length - 1);

  it('takes each turn’s step on one replica only, and carries on when that replica stops', async () => {
    // The demo technician without a position yet, so every point of the trip is a step of the driver.
    await insertTechnician(live.db, { id: 'tech_mike', name: 'Mike Johnson', phone: '(904) 555-0111', avatar: null, vehicle_info: null, specialties: [], rating: 4.9, lat: null, lng: null, location_address: null, location_updated_at: null });
    const startsAt = new Date(Date.now() + 3_600_000);
    const snapshot = dispatchSnapshot(801, 1, { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() });
    expect((await deliverSnapshot(live.instances[0]!.app, snapshot)).json()).toMatchObject({ status: 'applied' });

    const both = await vi.waitFor(async () => {
      const points = await trip(801);
      expect(points.length).toBeGreaterThanOrEqual(6);
      return points;
    }, { timeout: 30_000, interval: 50 });
    // Both replicas tick every 400 ms; had each taken its own ticks' steps, they would come twice as often (and the
    // technician would drive twice as fast).
    expect(meanGapMs(both)).toBeGreaterThanOrEqual(intervalMs * 0.8);
    // Each step is one 300 m step closer: none was taken twice.
    const customer = { lat: 29.8977, lng: -81.3422 };
    const away = both.map((point) => distanceKm(point, customer));
    for (let index = 1; index < away.length; index += 1) expect(away[index - 1]! - away[index]!).toBeCloseTo(demoDrive.stepKm, 3);

    // The replica that stops no longer ticks; the other one takes every turn from then on.
    await live.instances[0]!.app.close();
    const stoppedAt = both.length;
    const after = await vi.waitFor(async () => {
      const points = await trip(801);
      expect(points.length).toBeGreaterThanOrEqual(stoppedAt + 4);
      return points;
    }, { timeout: 30_000, interval: 50 });
    expect(meanGapMs(after.slice(stoppedAt))).toBeGreaterThanOrEqual(intervalMs * 0.8);
  });
});
