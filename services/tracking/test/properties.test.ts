import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
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

describe('malformed input never gives a 5xx', () => {
  it('POST /api/technicians', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), technicianLike), async (body) => {
        const response = await service.app.inject({ method: 'POST', url: '/api/technicians', payload: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: staff } });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('PUT /api/technicians/:id/location with arbitrary ids and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.oneof(fc.jsonValue(), technicianLike), async (id, body) => {
        const response = await service.app.inject({ method: 'PUT', url: `/api/technicians/${encodeURIComponent(id)}/location`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: staff } });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
