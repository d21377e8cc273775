import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSlotsQuerySchema, unsafeTextMessages } from '@repo/contracts';
import { expectApiError, jsonBodyErrorCode, type TestService } from '@repo/service-kit/test-service';
import type { BookingDatabase } from '../src/db/schema.ts';
import { bookSlot, buildBooking, customerClaims, staffClaims, testClock, validBooking } from './helpers.ts';

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

describe('appointment ids and links from anywhere get a 4xx, never a 500', () => {
  const routes = (id: string) => [
    { method: 'GET' as const, url: `/api/customer/appointments/${id}` },
    { method: 'GET' as const, url: `/api/customer/appointments/${id}/calendar.ics` },
    { method: 'POST' as const, url: `/api/customer/appointments/${id}/cancel` },
    { method: 'PUT' as const, url: `/api/customer/appointments/${id}/reschedule`, payload: { appointmentDate: '2026-11-30', timeSlot: '09:00-10:00' } },
  ];
  const staffRoute = (id: string) => ({ method: 'PUT' as const, url: `/api/appointments/${id}/status`, payload: { status: 'cancelled' } });
  const malformed = ['%201', '1%20', '0x10', '-1', '+1', '1e3', '1.0', '01', '0', '2147483648', '99999999999999999999', '%00', '1%00', '%E2%80%8B1', 'NaN', 'Infinity'];

  it('refuses malformed ids with 400 naming the id, for the customer and for staff', async () => {
    const customer = service.bearer(customerClaims(91));
    for (const id of malformed) {
      for (const route of routes(id)) {
        expectApiError(await service.app.inject({ ...route, headers: { authorization: customer } }), 400, 'VALIDATION_ERROR', { 'params.id': 'Appointment id must be a whole number from 1 to 2147483647' });
      }
      const staff = await service.app.inject({ ...staffRoute(id), headers: { authorization: service.bearer(staffClaims()) } });
      // A NUL is refused by the kit before any schema, with its own message (hostile-input.test.ts).
      const message = id.includes('%00') ? unsafeTextMessages.nul : 'Appointment id must be a whole number from 1 to 2147483647';
      expectApiError(staff, 400, 'VALIDATION_ERROR', { 'params.id': message });
    }
  });

  it('answers 404 for a well-formed id of no appointment, also at the top of the id range', async () => {
    for (const id of ['2147483647', '424242']) {
      for (const route of routes(id)) expectApiError(await service.app.inject({ ...route, headers: { authorization: service.bearer(customerClaims(91)) } }), 404, 'NOT_FOUND');
      expectApiError(await service.app.inject({ ...staffRoute(id), headers: { authorization: service.bearer(staffClaims()) } }), 404, 'NOT_FOUND');
    }
  });

  it('arbitrary ids: 400 or 404 with the API error shape', async () => {
    const customer = service.bearer(customerClaims(91));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.bigInt().map(String), fc.integer().map(String), fc.constantFrom(...malformed)), async (raw) => {
        const id = malformed.includes(raw) ? raw : encodeURIComponent(raw);
        if (id === '' || id === '.' || id === '..') return;
        for (const route of routes(id)) {
          const response = await service.app.inject({ ...route, headers: { authorization: customer } });
          expect([400, 404], `${route.method} ${route.url}: ${response.body}`).toContain(response.statusCode);
          expectApiError(response, response.statusCode, response.statusCode === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND');
        }
      }),
      { numRuns: 100 },
    );
  });

  it('arbitrary link tokens: 401 with the expired-link message', async () => {
    const { id } = await bookSlot(service, '2026-11-30', '16:00-17:00');
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[\x21-\x7e]{0,400}$/), async (token) => {
        const response = await service.app.inject({ method: 'GET', url: `/api/customer/appointments/${id}`, headers: { 'x-appointment-access': token } });
        expectApiError(response, 401, 'UNAUTHORIZED');
        expect(response.json().error.message).toBe('This link has expired. Please log in to your account or call us.');
      }),
      { numRuns: 100 },
    );
  });
});
