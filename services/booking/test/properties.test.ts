import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { buildBooking, testClock, validBooking } from './helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
let service: TestService<BookingDatabase>;
beforeAll(async () => {
  service = await buildBooking(clock.now);
});
afterAll(async () => {
  await service?.close();
});

const fieldValue = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
const bookingLike = fc.record(
  Object.fromEntries([...Object.keys(validBooking), 'appointmentDate', 'timeSlot'].map((key) => [key, fieldValue])),
  { requiredKeys: [] },
);

describe('malformed input never gives a 5xx', () => {
  it('POST /api/appointments with arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), bookingLike), async (body) => {
        const response = await service.app.inject({ method: 'POST', url: '/api/appointments', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().error.message).toEqual(expect.any(String));
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/appointments with arbitrary bytes and content types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'), async (payload, type) => {
        const response = await service.app.inject({ method: 'POST', url: '/api/appointments', payload, headers: { 'content-type': type } });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  it('GET /api/appointments/available-slots with arbitrary query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (key, value) => {
        const url = `/api/appointments/available-slots?${encodeURIComponent(key)}=${encodeURIComponent(value)}&date=${encodeURIComponent(value)}`;
        const response = await service.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps stored appointments intact', async () => {
    const stored = await service.db.selectFrom('appointments').selectAll().execute();
    expect(stored.every((row) => row.customer_name.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(row.appointment_date))).toBe(true);
  });
});
