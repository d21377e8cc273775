import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Generated, Migration } from 'kysely';
import { errorCodes } from '@repo/contracts';
import { createService, type ServiceApp } from '../src/create-service.ts';
import { createDatabase, migrateServiceDatabase, type Database } from '../src/db/index.ts';
import { createEffects } from '../src/effects/index.ts';
import { baseEnvSchema, loadEnv } from '../src/env.ts';
import { testKeyEnv, testMetricsToken } from '../src/test-service.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const token = testMetricsToken;
type ThingsDb = { things: { id: Generated<number>; name: string } };
const migrations: Record<string, Migration> = {
  '2026-11-28T0000-things': {
    async up(db) {
      await db.schema.createTable('things').addColumn('id', 'serial', (column) => column.primaryKey()).addColumn('name', 'text').execute();
    },
  },
};
// Tracking is the discard port, where nothing listens: an effect sent to it stays undelivered, retrying.
const outgoing = { 'thing.made': { to: 'tracking', schema: z.object({ id: z.number().int() }) } } as const;

/** The value of one series in Prometheus' text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  let testDatabase: TestDatabase;
  let database: Database<ThingsDb>;
  let app: ServiceApp;
  let effects: ReturnType<typeof createEffects<typeof outgoing, ThingsDb>>;
  const scrape = async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await createDatabase<ThingsDb>(testDatabase.config);
    await migrateServiceDatabase(database.db, migrations);
    const env = loadEnv('booking', baseEnvSchema(0), {
      ...testKeyEnv,
      LOG_LEVEL: 'silent',
      SERVICE_KEY: 'booking-service-key-0123456789-abcdefgh',
      PEER_URLS: 'tracking=http://127.0.0.1:9',
    });
    effects = createEffects({ service: 'booking', database, env, outgoing, tuning: { retryDelaySeconds: 60, retryDelayMaxSeconds: 60 } });
    app = await createService({ name: 'booking', env, ready: database.ping, limitsDb: database.db });
    await app.register(effects.plugin);
    app.get('/api/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    app.get('/api/broken', async () => {
      throw new Error('the disk fell off');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDatabase?.cleanup();
  });

  it('counts requests and their latency per route pattern, never per URL', async () => {
    for (const id of ['1', '2', '3']) expect((await app.inject({ method: 'GET', url: `/api/things/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    const text = await scrape();
    const things = { method: 'GET', route: '/api/things/:id', status_code: '200', service: 'booking' };
    expect(sample(text, 'http_request_duration_seconds_count', things)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...things, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', things)).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBe(1);
    // No series names an id or an unmatched URL.
    expect(text).not.toMatch(/route="\/api\/things\/\d/);
    expect(text).not.toContain('no-such-thing');
  });

  it('counts a 5xx answer as a server error of its route', async () => {
    const before = sample(await scrape(), 'http_server_errors_total', { route: '/api/broken' }) ?? 0;
    expect((await app.inject({ method: 'GET', url: '/api/broken' })).statusCode).toBe(500);
    const text = await scrape();
    expect(sample(text, 'http_server_errors_total', { method: 'GET', route: '/api/broken' })).toBe(before + 1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/broken', status_code: '500' })).toBe(before + 1);
    expect(sample(text, 'http_server_errors_total', { route: '/api/things/:id' })).toBeUndefined();
  });

  it('reports an undelivered effect as pending, with the age of the oldest', async () => {
    const idle = await scrape();
    expect(sample(idle, 'effects_pending')).toBe(0);
    expect(sample(idle, 'effects_oldest_pending_seconds')).toBe(0);
    await database.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('things').values({ name: 'kettle' }).returning('id').executeTakeFirstOrThrow();
      await effects.enqueue(trx, 'thing.made', { id });
    });
    // The subscriber never answers, so the effect stays pending and its age (whole seconds) grows: scrape until it shows.
    const text = await vi.waitFor(async () => {
      const current = await scrape();
      expect(sample(current, 'effects_oldest_pending_seconds')).toBeGreaterThanOrEqual(2);
      return current;
    }, { timeout: 15_000, interval: 100 });
    expect(sample(text, 'effects_pending')).toBe(1);
    expect(sample(text, 'effects_oldest_pending_seconds')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'effects_failed')).toBe(0);
  });

  it('reports the database, its pool and the disk, and the process defaults', async () => {
    const text = await scrape();
    expect(sample(text, 'db_up', { service: 'booking' })).toBe(1);
    if (database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      // The scrape's own queries may be waiting for a connection being opened as the pool is read.
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_errors')).toBe(0);
    }
    expect(sample(text, 'disk_free_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'disk_size_bytes')).toBeGreaterThanOrEqual(sample(text, 'disk_free_bytes')!);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('answers 401 with the API error shape without the token, or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${token}` }, { authorization: token }]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({
        error: {
          code: errorCodes.unauthorized,
          message: 'authorization' in headers ? 'The metrics token is not valid.' : 'The metrics endpoint needs Authorization: Bearer <METRICS_TOKEN>.',
        },
      });
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers on the service port in development, and production refuses to start without a token', async () => {
    // An empty variable is unset, as compose passes one.
    const env = loadEnv('tracking', baseEnvSchema(0), { ...testKeyEnv, METRICS_TOKEN: '', LOG_LEVEL: 'silent' });
    const app = await createService({ name: 'tracking', env, ready: async () => undefined });
    try {
      const response = await app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
      // No database given: no database series.
      expect(response.body).not.toContain('db_up');
    } finally {
      await app.close();
    }
    const production = { ...testKeyEnv, METRICS_TOKEN: '', NODE_ENV: 'production', DATABASE_URL: 'postgres://tracking@db:5432/tracking', TRUST_PROXY: '172.28.0.10' };
    expect(() => loadEnv('tracking', baseEnvSchema(0), production)).toThrow(/METRICS_TOKEN is required in production: the bearer token Prometheus scrapes \/metrics with/);
    expect(() => loadEnv('tracking', baseEnvSchema(0), { ...production, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    expect(loadEnv('tracking', baseEnvSchema(0), { ...production, METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
  });
});
