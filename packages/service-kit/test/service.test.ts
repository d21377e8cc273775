import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authMessages } from '@repo/contracts';
import { baseEnvSchema, createService, EnvError, loadEnv, MemorySessionStore, type ServiceApp } from '../src/index.ts';
import { signTestSession, testKeyEnv } from '../src/test-service.ts';

const env = loadEnv('booking', baseEnvSchema(3001), { ...testKeyEnv, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '30' });
let ready = true;
let app: ServiceApp;
const sessions = new MemorySessionStore();

beforeAll(async () => {
  app = await createService({ name: 'booking', env, ready: async () => { if (!ready) throw new Error('database down'); }, bodyLimit: 1024, sessions });
  app.post('/echo', { schema: { body: z.object({ name: z.string().min(1, 'Name is required'), age: z.number({ error: 'Age must be a number' }) }) } }, async (request) => request.body);
  app.get('/boom', async () => { throw new Error('secret connection string postgres://user:pw@db'); });
  app.get('/client', async (request) => ({ ip: request.ip }));
  app.get('/staff', { preHandler: app.requireRole('staff'), schema: {} }, async (request) => ({ sub: request.session?.sub }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('environment', () => {
  it('lists every missing or malformed variable by name', () => {
    const schema = baseEnvSchema(3001).extend({ STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_') });
    try {
      loadEnv('payments', schema, { PORT: 'eighty', DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'pk_live' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const message = (err as EnvError).message;
      expect(message).toContain("JWT_PUBLIC_KEY is required: accounts' key that session tokens are verified with");
      expect(message).toMatch(/PORT /);
      expect(message).toContain('DATABASE_URL must be a postgres:// URL');
      expect(message).toContain('STRIPE_SECRET_KEY must start with sk_');
    }
  });
});

describe('environment in production', () => {
  const production = { ...testKeyEnv, NODE_ENV: 'production', DATABASE_URL: 'postgres://booking@db:5432/booking' };

  it('refuses to start without TRUST_PROXY, saying what it is for', () => {
    expect(() => loadEnv('booking', baseEnvSchema(3001), production)).toThrow(/TRUST_PROXY is required in production: the gateway's address/);
    // An empty value is unset (compose passes an unset variable as empty).
    expect(() => loadEnv('booking', baseEnvSchema(3001), { ...production, TRUST_PROXY: '' })).toThrow(/TRUST_PROXY is required in production/);
    expect(loadEnv('booking', baseEnvSchema(3001), { ...production, TRUST_PROXY: '172.28.0.10' }).TRUST_PROXY).toBe('172.28.0.10');
  });

  it('keeps a default on this machine: the local gateway on loopback', () => {
    expect(loadEnv('booking', baseEnvSchema(3001), { ...testKeyEnv }).TRUST_PROXY).toBe('loopback');
  });
});

describe('the client address', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.7' };
  const clientOf = async (service: ServiceApp, remoteAddress: string) =>
    (await service.inject({ method: 'GET', url: '/client', remoteAddress, headers: forwarded })).json().ip;

  it('is the one the gateway on loopback names, and a private address naming another is counted as itself', async () => {
    expect(await clientOf(app, '127.0.0.1')).toBe('203.0.113.7');
    // Another container on the compose network, or a machine on the same private network, is not the gateway.
    for (const peer of ['10.0.0.5', '172.18.0.4', '192.168.1.20', 'fd00::5', '169.254.1.1']) expect(await clientOf(app, peer)).toBe(peer);
  });

  it('is believed only from the configured gateway address', async () => {
    const gatewayOnly = loadEnv('booking', baseEnvSchema(3001), { ...testKeyEnv, LOG_LEVEL: 'silent', TRUST_PROXY: '172.28.0.10' });
    const service = await createService({ name: 'booking', env: gatewayOnly, ready: async () => undefined, sessions });
    service.get('/client', async (request) => ({ ip: request.ip }));
    try {
      expect(await clientOf(service, '172.28.0.10')).toBe('203.0.113.7');
      expect(await clientOf(service, '172.28.0.11')).toBe('172.28.0.11');
      expect(await clientOf(service, '127.0.0.1')).toBe('127.0.0.1');
    } finally {
      await service.close();
    }
  });
});

describe('the error handler and request conventions', () => {
  it('answers validation errors with 400 and a message per field', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Name is required. Age must be a number', fields: { name: 'Name is required', age: 'Age must be a number' } },
    });
  });

  it('answers malformed JSON, a wrong content type, an empty body and an oversized body with 4xx in the error shape', async () => {
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The request body is not valid JSON.');
    const wrongType = await app.inject({ method: 'POST', url: '/echo', payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const empty = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('BAD_REQUEST');
    const huge = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'x'.repeat(5000), age: 1 } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides internals of an unexpected error behind a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres://');
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route matches GET /api/nothing' } });
  });

  it('keeps a sane incoming request id and makes one otherwise', async () => {
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const made = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
    const notFound = await app.inject({ method: 'GET', url: '/missing' });
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
    // No answer is kept by a browser or a proxy, an error neither.
    expect([response.headers['cache-control'], notFound.headers['cache-control']]).toEqual(['no-store', 'no-store']);
  });

  it('serves an OpenAPI document whose security, operation ids and error statuses come from the routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    // Only the schemes some operation takes: no route here takes a customer's session.
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer', 'staffCookie']);
    // A public route that takes a body: no security, 400 for its input, 403 for a cookie sent from another site,
    // 413/415 for the body, 429 from the rate limit, 503 when its database is down; the error shape is one shared component.
    const echo = document.paths['/echo'].post;
    expect(echo.operationId).toBe('postEcho');
    expect(echo.security).toEqual([]);
    expect(Object.keys(echo.responses).sort()).toEqual(['400', '403', '413', '415', '429', '503']);
    expect(echo.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(document.components.schemas.ApiError.properties.error).toBeDefined();
    // Staff only: a bearer token or the back office's cookie, naming the role; 401/403 and the session check's 503.
    const staff = document.paths['/staff'].get;
    expect(staff.security).toEqual([{ bearer: ['staff'] }, { staffCookie: ['staff'] }]);
    expect(Object.keys(staff.responses).sort()).toEqual(['401', '403', '429', '503']);
    expect(document.paths['/healthz'].get.responses['429']).toBeUndefined();
  });
});

describe('health, roles and rate limits', () => {
  it('reports liveness and readiness, 503 when the database is down', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok', service: 'booking' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    ready = false;
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    ready = true;
    expect(down.statusCode).toBe(503);
    expect(down.json().status).toBe('unavailable');
  });

  it('verifies roles and expiry', async () => {
    const staff = signTestSession({ sub: 'staff:1', role: 'staff', sid: sessions.open() });
    expect((await app.inject({ method: 'GET', url: '/staff', headers: { authorization: `Bearer ${staff}` } })).json()).toEqual({ sub: 'staff:1' });
    const customer = signTestSession({ sub: 'customer:1', role: 'customer', customerId: 1, sid: sessions.open() });
    expect((await app.inject({ method: 'GET', url: '/staff', headers: { authorization: `Bearer ${customer}` } })).statusCode).toBe(403);
    const expired = signTestSession({ sub: 'staff:1', role: 'staff', sid: sessions.open() }, -10);
    const response = await app.inject({ method: 'GET', url: '/staff', headers: { authorization: `Bearer ${expired}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(authMessages.sessionEnded);
  });

  it('answers 429 in the error shape past the limit', async () => {
    let last;
    for (let i = 0; i < 32; i += 1) last = await app.inject({ method: 'GET', url: '/api/limited', remoteAddress: '10.9.9.9' });
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error.code).toBe('RATE_LIMITED');
  });
});
