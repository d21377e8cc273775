import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminLoginRequestSchema, authMessages, loginRequestSchema, registerRequestSchema } from '@repo/contracts';
import { createTestService, expectApiError, jsonBodyErrorCode, type TestService } from '@repo/service-kit/test-service';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';
import { isCommonPassword } from '../src/domain/common-passwords.ts';

let service: TestService<AccountsDatabase>;
beforeAll(async () => {
  service = await createTestService(accountsService, { LOGIN_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000', REGISTRATION_CLIENT_MAX: '10000' });
});
afterAll(async () => {
  await service?.close();
});

const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.object(), fc.emailAddress());
const registerLike = fc.record(
  { firstName: value, lastName: value, email: value, phone: value, address: value, password: value, confirmPassword: value },
  { requiredKeys: [] },
);
/** Well-formed sign-ins, so the calls also get past validation. */
const credentialsLike = fc.record({ email: fc.emailAddress(), password: fc.string({ minLength: 6, maxLength: 40 }) });

type Expectation = { status: number; code?: string };
/** The generator may repeat an email often enough to reach the per-account throttle. */
const throttled: Expectation = { status: 429, code: 'RATE_LIMITED' };
/** What each call answers a well-formed body with: a registration's one answer, no account matches, or too many tries on one email. */
const calls: { url: string; schema: z.ZodType; accepted: Expectation[]; numRuns: number }[] = [
  { url: '/api/auth/register', schema: registerRequestSchema, accepted: [{ status: 202 }, throttled], numRuns: 40 },
  { url: '/api/auth/login', schema: loginRequestSchema, accepted: [{ status: 401, code: 'UNAUTHORIZED' }, throttled], numRuns: 80 },
  { url: '/api/admin/login', schema: adminLoginRequestSchema, accepted: [{ status: 401, code: 'UNAUTHORIZED' }, throttled], numRuns: 80 },
];

describe('malformed input gets a 4xx with the API error shape', () => {
  for (const { url, schema, accepted, numRuns } of calls) {
    it(`POST ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), registerLike, credentialsLike), async (body) => {
          const text = JSON.stringify(body);
          const response = await service.app.inject({ method: 'POST', url, payload: text, headers: { 'content-type': 'application/json' } });
          const code = jsonBodyErrorCode(text);
          const parsed = schema.safeParse(JSON.parse(text));
          if (code === 'BAD_REQUEST' || !parsed.success) {
            expectApiError(response, 400, code);
            return;
          }
          if (url === '/api/auth/register' && isCommonPassword((parsed.data as { password: string }).password)) {
            expectApiError(response, 400, 'VALIDATION_ERROR');
            expect(response.json().error.fields).toEqual({ password: authMessages.commonPassword });
            return;
          }
          expect(accepted.map((candidate) => candidate.status), response.body).toContain(response.statusCode);
          const expected = accepted.find((candidate) => candidate.status === response.statusCode);
          if (expected?.code) expectApiError(response, expected.status, expected.code);
        }),
        { numRuns },
      );
    });
  }

  it('GET /api/auth/user with arbitrary bearer tokens and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (token, cookie) => {
        const response = await service.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}`.replace(/[^\t\x20-\x7e]/g, '') }, cookies: { session: encodeURIComponent(cookie) } });
        expectApiError(response, 401, 'UNAUTHORIZED');
      }),
      { numRuns: 100 },
    );
  });
});
