import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTechnicianSchema,
  technicianIdParamsSchema,
  trackingListQuerySchema,
  trackingParamsSchema,
  trackingStatusChangeSchema,
  updateLocationSchema,
} from '@repo/contracts';
import { createTestService, expectApiError, jsonBodyErrorCode, type TestService } from '@repo/service-kit/test-service';
import type { TrackingDatabase } from '../src/db/schema.ts';
import { trackingService } from '../src/definition.ts';

let service: TestService<TrackingDatabase>;
let staff: string;
beforeAll(async () => {
  service = await createTestService(trackingService, { RATE_LIMIT_MAX: '100000' });
  staff = service.bearer({ sub: 'staff:1', role: 'staff' });
});
afterAll(async () => {
  await service?.close();
});

const value = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
const technicianLike = fc.record({ name: value, phone: value, vehicleInfo: value, vehicle: value, specialties: value, lat: value, lng: value, location: value }, { requiredKeys: [] });
/** Bodies that pass validation often enough that the success path is exercised too. */
const plausible = fc.record({ name: fc.string({ minLength: 1 }), phone: fc.string({ minLength: 1 }), lat: fc.double({ min: -100, max: 100 }), lng: fc.double({ min: -200, max: 200 }) }, { requiredKeys: ['name', 'phone'] });
const body = fc.oneof(fc.jsonValue(), technicianLike, plausible);

const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
  service.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', authorization: staff } });

describe('malformed input gets a 4xx with the API error shape', () => {
  it('POST /api/technicians: 201 for a valid technician, else 400 with field messages', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const text = JSON.stringify(input);
        const response = await send('POST', '/api/technicians', text);
        const code = jsonBodyErrorCode(text);
        const parsed = code === 'VALIDATION_ERROR' ? createTechnicianSchema.safeParse(JSON.parse(text)) : undefined;
        // Half a position (a latitude without a longitude, or the other way round) is refused by the service itself.
        const half = parsed?.success && ((parsed.data.location?.lat ?? parsed.data.lat) === undefined) !== ((parsed.data.location?.lng ?? parsed.data.lng) === undefined);
        if (parsed?.success && !half) {
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json()).toMatchObject({ id: expect.stringMatching(/^tech_/), name: parsed.data.name });
        } else {
          expectApiError(response, 400, code);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('PUT /api/technicians/:id/location with arbitrary ids and bodies: 400, or 404 for an unknown technician', async () => {
    // '.' and '..' are path segments that name other routes, not ids.
    const id = fc.string().filter((candidate) => candidate !== '.' && candidate !== '..');
    await fc.assert(
      fc.asyncProperty(id, body, async (technicianId, input) => {
        const text = JSON.stringify(input);
        const response = await send('PUT', `/api/technicians/${encodeURIComponent(technicianId)}/location`, text);
        const code = jsonBodyErrorCode(text);
        const valid = technicianIdParamsSchema.safeParse({ id: technicianId }).success && updateLocationSchema.safeParse(JSON.parse(text)).success;
        if (code === 'VALIDATION_ERROR' && valid) expectApiError(response, 404, 'NOT_FOUND');
        else expectApiError(response, 400, code);
      }),
      { numRuns: 150 },
    );
  });
});

describe('tracking calls with arbitrary input', () => {
  const appointmentId = fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('0', '1', '2147483648', '1e3', '0x10', ' 1'))
    .filter((candidate) => candidate !== '.' && candidate !== '..');
  const validId = (candidate: string) => trackingParamsSchema.safeParse({ appointmentId: candidate }).success;

  it('GET /api/tracking/:appointmentId: 400 for a malformed id, else 404 (no record), with or without a link', async () => {
    await fc.assert(
      fc.asyncProperty(appointmentId, fc.option(fc.string({ minLength: 1 }).filter((token) => /^[\x21-\x7e]+$/.test(token))), async (id, link) => {
        const headers: Record<string, string> = link ? { 'x-appointment-access': link } : { authorization: staff };
        const response = await service.app.inject({ method: 'GET', url: `/api/tracking/${encodeURIComponent(id)}`, headers });
        if (!validId(id)) expectApiError(response, 400, 'VALIDATION_ERROR');
        else if (link) expectApiError(response, 401, 'UNAUTHORIZED');
        else expectApiError(response, 404, 'NOT_FOUND');
      }),
      { numRuns: 100 },
    );
  });

  it('PUT /api/tracking/:appointmentId/status with arbitrary bodies: 400, or 404 without a record', async () => {
    await fc.assert(
      fc.asyncProperty(appointmentId, fc.oneof(fc.jsonValue(), fc.record({ status: value }, { requiredKeys: [] })), async (id, input) => {
        const text = JSON.stringify(input);
        const response = await send('PUT', `/api/tracking/${encodeURIComponent(id)}/status`, text);
        const code = jsonBodyErrorCode(text);
        const valid = code === 'VALIDATION_ERROR' && validId(id) && trackingStatusChangeSchema.safeParse(JSON.parse(text)).success;
        if (valid) expectApiError(response, 404, 'NOT_FOUND');
        else expectApiError(response, 400, code);
      }),
      { numRuns: 100 },
    );
  });

  it('GET /api/tracking with arbitrary query strings: 200 with a page, or 400 naming the parameter', async () => {
    const query = fc.dictionary(fc.constantFrom('date', 'page', 'pageSize', 'other'), fc.oneof(fc.string(), fc.integer().map(String), fc.constant('2026-11-24')));
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const response = await service.app.inject({ method: 'GET', url: `/api/tracking?${new URLSearchParams(params)}`, headers: { authorization: staff } });
        if (trackingListQuerySchema.safeParse(params).success) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json()).toMatchObject({ items: [], total: 0 });
        } else {
          expectApiError(response, 400, 'VALIDATION_ERROR');
        }
      }),
      { numRuns: 100 },
    );
  });
});
