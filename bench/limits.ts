/**
 * `pnpm bench limits`: what counting rate limits in the database costs, against @fastify/rate-limit's in-memory store,
 * in the same run. One kit service per store (createService: the same hooks, error handler and headers as every
 * service), each listening on a free port with one rate-limited JSON route, driven by autocannon:
 * - many clients under the limit: every request comes from one of 1,000 addresses (X-Forwarded-For from loopback,
 *   which the kit trusts), so each request is one counted hit on a key of its own row;
 * - one client under the limit: every request counts on one key, the database's worst case (one hot row);
 * - one client over its limit: after the first 10 every answer is a 429, as under a flood from one address.
 * PostgreSQL is the real one (127.0.0.1:5432 or TEST_DATABASE_URL); PGlite is the embedded default's store.
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 50) tune the runs.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { baseEnvSchema, createService, generateKeyPair, loadEnv, sharedLimitsMigration, type ServiceApp } from '@repo/service-kit';
import { createDatabase, migrateToLatest, type Database } from '@repo/service-kit/db';
import { createTestDatabase, type TestDatabase } from '@repo/service-kit/testing';
import { percent, publish } from './report.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const env = loadEnv('booking', baseEnvSchema(3001), { JWT_PUBLIC_KEY: generateKeyPair().publicKey, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' });
/** Nobody signs in during the benchmark: a session store that knows no session. */
const noSessions = { activeSessions: async () => new Set<string>() };

type Store = 'memory' | 'postgres' | 'pglite';
type Scenario = 'many clients under the limit' | 'one client under the limit' | 'one client over its limit';
type Result = { store: Store; scenario: Scenario; requests: number; p50: number; p99: number; errors: number; ok: number; limited: number };

async function limitedService(database: Database<unknown> | undefined): Promise<{ app: ServiceApp; url: string }> {
  const app = await createService({ name: 'booking', env, ready: async () => undefined, sessions: noSessions, ...(database ? { limitsDb: database.db } : {}) });
  app.get('/api/limited', async () => ({ ok: true }));
  app.get('/api/flooded', { config: { rateLimit: { max: 10, timeWindow: '1 hour' } } }, async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function measure(store: Store, scenario: Scenario, options: autocannon.Options): Promise<Result> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  const ok = result['2xx'];
  return { store, scenario, requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, ok, limited: result.non2xx };
}

let client = 0;
const manyClients: autocannon.Request[] = [{
  setupRequest: (request) => {
    client = (client + 1) % 1000;
    return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${Math.floor(client / 250)}.0.${(client % 250) + 1}` } };
  },
}];

const closers: (() => Promise<unknown>)[] = [];
const results: Result[] = [];
try {
  const postgres: TestDatabase = await createTestDatabase({ driver: 'postgres' });
  closers.push(() => postgres.cleanup());
  const pglite: TestDatabase = await createTestDatabase({ driver: 'pglite' });
  closers.push(() => pglite.cleanup());

  const urls = new Map<Store, string>();
  for (const store of ['memory', 'postgres', 'pglite'] as const) {
    const testDatabase = store === 'postgres' ? postgres : store === 'pglite' ? pglite : undefined;
    const database = testDatabase ? await createDatabase<unknown>(testDatabase.config) : undefined;
    if (database) {
      closers.push(() => database.close());
      await migrateToLatest(database.db, { '2026-12-06T0000-shared-limits': sharedLimitsMigration });
    }
    const { app, url } = await limitedService(database);
    closers.push(() => app.close());
    // Untimed: connections, prepared plans and JIT in place before the first figure.
    await autocannon({ url: `${url}/api/limited`, connections, duration: 1, requests: manyClients });
    urls.set(store, url);
  }
  // Scenario by scenario, each store in turn, so a change in the machine's load weighs on all three alike.
  for (const [scenario, path, requests] of [
    ['many clients under the limit', '/api/limited', manyClients],
    ['one client under the limit', '/api/limited', undefined],
    ['one client over its limit', '/api/flooded', undefined],
  ] as const) {
    for (const [store, url] of urls) results.push(await measure(store, scenario, { url: `${url}${path}`, ...(requests ? { requests } : {}) }));
  }

  const memory = (scenario: Scenario) => results.find((r) => r.store === 'memory' && r.scenario === scenario)!.requests;
  const ratio = (store: Store, scenario: Scenario) => results.find((r) => r.store === store && r.scenario === scenario)!.requests / memory(scenario);
  const manyRatio = ratio('postgres', 'many clients under the limit');
  const floodRatio = ratio('postgres', 'one client over its limit');
  await publish({
    id: 'limits',
    title: 'Rate limits counted in the database beside the in-memory store',
    description:
      `autocannon, ${seconds} s per run, ${connections} connections, against a kit service with one rate-limited route; the same app ` +
      'with @fastify/rate-limit\'s in-memory store (per process: replicas would double the limit), with the shared store on ' +
      'PostgreSQL, and on PGlite (the embedded default). Load generator and service share this process.',
    tables: [{
      columns: ['store', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs in-memory', '2xx', '429', 'errors'],
      numeric: [false, false, true, true, true, true, true, true, true],
      rows: results.map((r) => [r.store, r.scenario, r.requests.toFixed(0), r.p50, r.p99, percent(r.requests, memory(r.scenario)), r.ok, r.limited, r.errors]),
    }],
    targets: [
      { name: 'PostgreSQL store, many clients under the limit, vs in-memory', measured: percent(manyRatio, 1), goal: '≥ 50 %', met: manyRatio >= 0.5 },
      { name: 'PostgreSQL store, one client flooding past its limit, vs in-memory', measured: percent(floodRatio, 1), goal: '≥ 80 %', met: floodRatio >= 0.8 },
      { name: 'no errors', measured: String(results.reduce((sum, r) => sum + r.errors, 0)), goal: '0', met: results.every((r) => r.errors === 0) },
    ],
    figures: { seconds, connections, results },
  });
} finally {
  for (const close of closers.reverse()) await close().catch((err: unknown) => console.error('limits benchmark: closing failed:', err));
}
