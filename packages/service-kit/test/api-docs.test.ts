import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsPath, errorCodes } from '@repo/contracts';
import { baseEnvSchema, createService, loadEnv, MemorySessionStore, type ServiceApp } from '../src/index.ts';
import { signTestSession, testKeyEnv } from '../src/test-service.ts';

const env = loadEnv('tracking', baseEnvSchema(3003), { ...testKeyEnv, LOG_LEVEL: 'silent' });
const sessions = new MemorySessionStore();
let app: ServiceApp;

beforeAll(async () => {
  app = await createService({ name: 'tracking', env, ready: async () => undefined, sessions });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const docs = (token?: string) =>
  app.inject({ method: 'GET', url: apiDocsPath('tracking'), headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the API document through the gateway', () => {
  it('answers a visitor 401 and a customer or technician 403, in the error shape', async () => {
    const anonymous = await docs();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toEqual({ code: errorCodes.unauthorized, message: 'Please sign in to continue.' });
    for (const role of ['customer', 'technician'] as const) {
      const token = signTestSession({ sub: `${role}:1`, role, sid: sessions.open(), ...(role === 'customer' ? { customerId: 1 } : { technicianId: 't-1' }) });
      const refused = await docs(token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe(errorCodes.forbidden);
    }
  });

  it('gives staff and administrators the service document, the same as /openapi.json on its own port', async () => {
    const own = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const role of ['staff', 'admin'] as const) {
      const response = await docs(signTestSession({ sub: `${role}:1`, role, sid: sessions.open() }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(own);
    }
    // The route documents itself: staff only, with the statuses it answers.
    const operation = own.paths[apiDocsPath('tracking')].get;
    expect(operation.tags).toEqual(['docs']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403', '429', '503']);
  });
});
