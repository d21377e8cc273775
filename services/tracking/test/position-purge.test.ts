import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataRetention } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { deliverSnapshot, dispatchSnapshot } from './helpers.ts';

// The privacy policy keeps technicians' positions for dataRetention.technicianPositionsDays: tracking forgets older
// ones by itself, on its hourly schedule (here every second), counted by the database's clock.
let service: TestService<TrackingDatabase>;
const day = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);

beforeAll(async () => {
  service = await createTestService(trackingService, { SEED_DEMO: 'true', POSITION_PURGE_INTERVAL_MS: '1000' });
});
afterAll(async () => {
  await service?.close();
});

it(`forgets trip points and last positions older than ${dataRetention.technicianPositionsDays} days, and keeps newer ones`, async () => {
  const limit = dataRetention.technicianPositionsDays;
  expect((await deliverSnapshot(service.app, dispatchSnapshot(951, 1, { technicianId: 'tech_mike' }))).statusCode).toBe(200);
  await service.db
    .insertInto('tracking_route_points')
    .values([
      { appointment_id: 951, lat: 29.9, lng: -81.3, recorded_at: daysAgo(limit + 1) },
      { appointment_id: 951, lat: 29.91, lng: -81.31, recorded_at: daysAgo(limit - 1) },
    ])
    .execute();
  const technicians = await service.db.selectFrom('technicians').select('id').orderBy('id').limit(2).execute();
  const [stale, recent] = technicians.map((row) => row.id);
  await service.db.updateTable('technicians').set({ lat: 29.8, lng: -81.2, location_address: 'Old spot', location_updated_at: daysAgo(limit + 5) }).where('id', '=', stale!).execute();
  await service.db.updateTable('technicians').set({ lat: 29.85, lng: -81.25, location_address: 'Recent spot', location_updated_at: daysAgo(1) }).where('id', '=', recent!).execute();

  const points = () => service.db.selectFrom('tracking_route_points').select(['lat']).where('appointment_id', '=', 951).orderBy('id').execute();
  await expect.poll(points, { timeout: 30_000 }).toEqual([{ lat: 29.91 }]);
  const position = (id: string) => service.db.selectFrom('technicians').select(['lat', 'lng', 'location_address', 'location_updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(await position(stale!)).toEqual({ lat: null, lng: null, location_address: null, location_updated_at: null });
  expect(await position(recent!)).toMatchObject({ lat: 29.85, lng: -81.25, location_address: 'Recent spot' });
  expect(await service.db.selectFrom('scheduled_runs').select('name').where('name', '=', 'position-purge').execute()).toHaveLength(1);
});
