import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSlotsQuerySchema } from '@repo/contracts';
import { expectApiError, jsonBodyErrorCode, type TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { buildBooking, testClock, validBooking } from './helpers.ts';

const clock = testClock('2026-11-23T15:00:00Z');
let service: TestService<BookingDatabase>;
beforeAll(async () => {
  service = await buildBooking(clock.now, { BOOKING_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await service?.close();
});

const fieldValue = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
const bookingLike = fc.record(
  Object.fromEntries([...Object.keys(validBooking), 'appointmentDate', 'timeSlot'].map((key) => [key, fieldValue])),
  { requiredKeys: [] },
);

describe('malformed input gets a 4xx with the API error shape', () => {
  it('POST /api/appointments with arbitrary JSON: 400 with field messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), bookingLike), async (body) => {
        const text = JSON.stringify(body);
        const response = await service.app.inject({ method: 'POST', url: '/api/appointments', payload: text, headers: { 'content-type': 'application/json' } });
        expectApiError(response, 400, jsonBodyErrorCode(text));
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/appointments with arbitrary bytes and content types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'), async (payload, type) => {
        const response = await service.app.inject({ method: 'POST', url: '/api/appointments', payload, headers: { 'content-type': type } });
        if (type === 'application/json') {
          expectApiError(response, 400, jsonBodyErrorCode(payload));
        } else if (type === 'text/plain') {
          expectApiError(response, 400, 'VALIDATION_ERROR', { '(body)': expect.any(String) });
        } else {
          expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
        }
      }),
      { numRuns: 100 },
    );
  });

  it('GET /api/appointments/available-slots with arbitrary query strings', async () => {
    const isoDay = fc.date({ min: new Date('2026-11-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.oneof(fc.string(), isoDay), async (key, value) => {
        const url = `/api/appointments/available-slots?${encodeURIComponent(key)}=${encodeURIComponent(value)}&date=${encodeURIComponent(value)}`;
        const response = await service.app.inject({ method: 'GET', url });
        // A second `date` makes it a list, which is not a date; other unknown keys are ignored.
        if (key !== 'date' && availableSlotsQuerySchema.safeParse({ date: value }).success) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json()).toMatchObject({ date: value, availableSlots: expect.any(Array) });
        } else {
          expectApiError(response, 400, 'VALIDATION_ERROR', { 'querystring.date': expect.any(String) });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps stored appointments intact', async () => {
    const stored = await service.db.selectFrom('appointments').selectAll().execute();
    expect(stored.every((row) => row.customer_name.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(row.appointment_date))).toBe(true);
  });
});
