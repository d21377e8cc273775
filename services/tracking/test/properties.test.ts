import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTechnicianSchema, technicianIdParamsSchema, updateLocationSchema } from '@repo/contracts';
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
        if (parsed?.success) {
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
