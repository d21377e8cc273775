import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrackingRecord } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
// The embedded demo as `pnpm start` runs it: booking and tracking, both seeded, telling each other through their outboxes.
import type { BookingDatabase } from '@repo/booking/db/schema';
import { bookingService } from '@repo/booking/definition';
import { demoVisitDescription } from '@repo/booking/seed';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';
import { listen, testClock } from './helpers.ts';

// Monday 23 November 2026, 10:20 in St Augustine.
const clock = testClock('2026-11-23T15:20:00Z');
const nowhere = 'http://127.0.0.1:9';
let booking: TestService<BookingDatabase>;
let tracking: TestService<TrackingDatabase>;

beforeAll(async () => {
  const trackingPort = await freePort();
  booking = await createTestService(bookingService, { SEED_DEMO: 'true', PEER_URLS: `tracking=http://127.0.0.1:${trackingPort},accounts=${nowhere},notifications=${nowhere},payments=${nowhere}` }, { now: clock.now });
  const bookingUrl = await listen(booking.app);
  tracking = await createTestService(trackingService, { SEED_DEMO: 'true', DEMO_DRIVER: 'true', DEMO_DRIVER_INTERVAL_MS: '100', PEER_URLS: `booking=${bookingUrl},accounts=${nowhere},notifications=${nowhere}` }, { now: clock.now });
  await listen(tracking.app, trackingPort);
});
afterAll(async () => {
  await tracking?.close();
  await booking?.close();
});

describe('the embedded demo', () => {
  it('assigns the demo customer’s visit today to the demo technician, who then drives toward St Augustine', async () => {
    const visit = await booking.db.selectFrom('appointments').select('id').where('description', '=', demoVisitDescription).executeTakeFirstOrThrow();
    const staff = tracking.bearer({ sub: 'staff:1', role: 'staff' });
    const distances: number[] = [];
    await vi.waitFor(async () => {
      const response = await tracking.app.inject({ method: 'GET', url: `/api/tracking/${visit.id}`, headers: { authorization: staff } });
      expect(response.statusCode).toBe(200);
      const record = response.json() as TrackingRecord;
      expect(record).toMatchObject({ technicianId: 'tech_mike', status: 'en-route', estimatedArrivalSource: 'live', customerLocation: { lat: 29.8977, lng: -81.3422 } });
      distances.push(record.distanceToCustomer!);
      // Seen getting closer between two reads.
      expect(distances.some((d, i) => i > 0 && d < distances[i - 1]!)).toBe(true);
    }, { timeout: 45_000, interval: 100 });
  });
});
