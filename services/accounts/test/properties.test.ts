import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';

let service: TestService<AccountsDatabase>;
beforeAll(async () => {
  service = await createTestService(accountsService, { LOGIN_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await service?.close();
});

const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.object(), fc.emailAddress());
const registerLike = fc.record(
  { firstName: value, lastName: value, email: value, phone: value, address: value, password: value, confirmPassword: value },
  { requiredKeys: [] },
);

describe('malformed input never gives a 5xx', () => {
  for (const url of ['/api/auth/register', '/api/auth/login', '/api/admin/login']) {
    it(`POST ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), registerLike), async (body) => {
          const response = await service.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          expect(response.statusCode).toBeLessThan(500);
        }),
        { numRuns: url.endsWith('register') ? 40 : 80 },
      );
    });
  }

  it('GET /api/auth/user with arbitrary bearer tokens and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (token, cookie) => {
        const response = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}`.replace(/[^\t\x20-\x7e]/g, '') }, cookies: { session: encodeURIComponent(cookie) } });
        expect(response.statusCode).toBe(401);
      }),
      { numRuns: 100 },
    );
  });
});
