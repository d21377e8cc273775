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
import { deliverSnapshot, dispatchSnapshot, testClock } from './helpers.ts';

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
      eta: { averageSpeedKmh: 40, roadFactor: 1.3 },
    };
    const before = await service.db.selectFrom('technicians').selectAll().where('id', '=', 'tech_mike').executeTakeFirstOrThrow();
    expect(await driveDemoTechnician(ctx)).toEqual({ moved: false });
    expect(await driveDemoTechnician(ctx, 'tech_nobody')).toEqual({ moved: false });
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
