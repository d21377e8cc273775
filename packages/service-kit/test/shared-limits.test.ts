import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { baseEnvSchema, connectionLeases, createService, loadEnv, MemorySessionStore, sharedLimitsMigration, sharedRateLimitStore, type ServiceApp } from '../src/index.ts';
import { createDatabase, migrateToLatest, type Database } from '../src/db/index.ts';
import { testKeyEnv } from '../src/test-service.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

const env = loadEnv('booking', baseEnvSchema(3001), { ...testKeyEnv, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '4' });
const migrations = { '2026-12-06T0000-shared-limits': sharedLimitsMigration };

/**
 * A pool on the test database. pg-pool's end() resolves before its last sockets have closed, so dropping the database
 * right after can still end an idle one: that is no failure of the code under test.
 */
const open = (config: TestDatabase['config'], poolSize?: number) => createDatabase<unknown>({ ...config, ...(poolSize ? { poolSize } : {}), onPoolError: () => undefined });

let clients = 0;
/** A client address used by one test only. */
const newClient = () => `10.77.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;

/** One "replica" of a service counting its rate limits in `database`: a global limit, a route's own, and a bucket. */
async function limitedApp(database: Database<unknown>): Promise<ServiceApp> {
  const app = await createService({ name: 'booking', env, ready: database.ping, limitsDb: database.db, sessions: new MemorySessionStore() });
  app.get('/api/limited', async () => ({ ok: true }));
  app.get('/api/quick', { config: { rateLimit: { max: 2, timeWindow: 500 } } }, async () => ({ ok: true }));
  const bucket = app.createRateLimit({ max: 2, timeWindow: 60_000, keyGenerator: (request) => `test-bucket:${request.ip}` });
  app.get('/api/bucket', async (request, reply) => {
    const limit = await bucket(request);
    const exceeded = !limit.isAllowed && limit.isExceeded;
    return reply.code(exceeded ? 429 : 200).send({ exceeded });
  });
  await app.ready();
  return app;
}

describe.each(['postgres', 'pglite'] as const)('limits shared by the replicas of a service (%s)', (driver) => {
  let testDatabase: TestDatabase;
  let replicas: { app: ServiceApp; database: Database<unknown> }[] = [];
  let one: ServiceApp;
  let two: ServiceApp;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ driver });
    const setup = await open(testDatabase.config);
    await migrateToLatest(setup.db, migrations);
    // Real replicas have a pool each; PGlite is one process's database, so its two apps share the one instance.
    const second = driver === 'pglite' ? setup : await open(testDatabase.config, 4);
    replicas = [{ app: await limitedApp(setup), database: setup }, { app: await limitedApp(second), database: second }];
    [one, two] = replicas.map((r) => r.app) as [ServiceApp, ServiceApp];
  });
  afterAll(async () => {
    for (const { app } of replicas) await app.close();
    for (const database of new Set(replicas.map((r) => r.database))) await database.close();
    await testDatabase?.cleanup();
  });

  const get = (app: ServiceApp, url: string, remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });

  it('refuses the request past the limit whichever replica counted the others, with Retry-After and the error shape', async () => {
    const client = newClient();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await get(i % 2 === 0 ? one : two, '/api/limited', client)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200]);
    for (const app of [one, two]) {
      const refused = await get(app, '/api/limited', client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please wait (\d+ seconds|1 minute) and try again\.$/) } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another client is counted apart, as is the same client's use of a route with its own limit.
    expect((await get(two, '/api/limited', newClient())).statusCode).toBe(200);
    expect((await get(one, '/api/quick', client)).statusCode).toBe(200);
  });

  it('lets exactly the limit through per client when both replicas are hit at once', async () => {
    const many = [newClient(), newClient(), newClient()];
    const answers = await Promise.all(Array.from({ length: 36 }, (_, i) => get(i % 2 === 0 ? one : two, '/api/limited', many[i % 3]!).then((answer) => ({ client: i % 3, status: answer.statusCode }))));
    for (const client of [0, 1, 2]) {
      const statuses = answers.filter((answer) => answer.client === client).map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(4).fill(200), ...Array(8).fill(429)]);
    }
  });

  it('starts a new window once the old one ends, on both replicas', async () => {
    const client = newClient();
    expect((await get(one, '/api/quick', client)).statusCode).toBe(200);
    expect((await get(two, '/api/quick', client)).statusCode).toBe(200);
    expect((await get(one, '/api/quick', client)).statusCode).toBe(429);
    expect((await get(two, '/api/quick', client)).statusCode).toBe(429);
    await expect.poll(async () => (await get(two, '/api/quick', client)).statusCode, { timeout: 5_000, interval: 50 }).toBe(200);
    // The new window is shared too: one more place, then both refuse.
    expect((await get(one, '/api/quick', client)).statusCode).toBe(200);
    expect((await get(one, '/api/quick', client)).statusCode).toBe(429);
    expect((await get(two, '/api/quick', client)).statusCode).toBe(429);
  });

  it('keeps a createRateLimit bucket apart from the global limit, shared across replicas', async () => {
    const client = newClient();
    expect((await get(one, '/api/bucket', client)).json()).toEqual({ exceeded: false });
    expect((await get(two, '/api/bucket', client)).json()).toEqual({ exceeded: false });
    expect((await get(one, '/api/bucket', client)).json()).toEqual({ exceeded: true });
    expect((await get(two, '/api/bucket', client)).json()).toEqual({ exceeded: true });
  });

  it('deletes the counters of ended windows', async () => {
    const { db } = replicas[0]!.database;
    const Store = sharedRateLimitStore(db, { sweepEveryMs: 0 });
    const store = new Store({}).child({ routeInfo: { method: 'GET', url: '/sweep' } } as never);
    const incr = (key: string, timeWindow: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => (store.incr as (...args: unknown[]) => void)(key, (err: Error | null, result: { current: number; ttl: number }) => (err ? reject(err) : resolve(result)), timeWindow, 5));
    expect(await incr('short', 1)).toMatchObject({ current: 1 });
    const ended = async () => (await sql<{ key: string }>`select key from rate_limit_counters where key = 'GET /sweep:short'`.execute(db)).rows;
    // Each count first sweeps (sweepEveryMs: 0): once the 1 ms window has ended, the next count removes it.
    await expect.poll(async () => {
      await incr('other', 60_000);
      return ended();
    }, { timeout: 5_000, interval: 20 }).toEqual([]);
  });

  it('forgets a refusal no later than its window ends, however late the count came back', async () => {
    const { db } = replicas[0]!.database;
    // One replica's answers come back 400 ms after the database counted them (a busy process or network).
    const slowAnswers: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return args.result;
      },
    };
    const incrOn = (store: ReturnType<typeof storeOn>) => (key: string) =>
      new Promise<{ current: number }>((resolve, reject) => (store.incr as (...args: unknown[]) => void)(key, (err: Error | null, result: { current: number }) => (err ? reject(err) : resolve(result)), 600, 1));
    const storeOn = (kysely: typeof db) => new (sharedRateLimitStore(kysely))({}).child({ routeInfo: { method: 'GET', url: '/late' } } as never);
    const slow = incrOn(storeOn(db.withPlugin(slowAnswers)));
    const fast = incrOn(storeOn(db));
    expect(await slow('key')).toMatchObject({ current: 1 });
    // Refused: the slow replica remembers the refusal, and its window (600 ms) was counted 400 ms before it heard.
    expect(await slow('key')).toMatchObject({ current: 2 });
    // Once the window has ended, the other replica starts the next one...
    await expect.poll(async () => (await fast('key')).current, { timeout: 5_000, interval: 20 }).toBe(1);
    // ...and the slow one counts its next hit in the database (2, or 1 if a busy machine let that window end too)
    // rather than refusing it from memory (3).
    expect((await slow('key')).current).toBeLessThan(3);
  });
});

describe('shared rate limits while the database is unreachable', () => {
  it('lets requests through uncounted rather than failing them', async () => {
    const unreachable = await createDatabase<unknown>({ url: 'postgres://postgres@127.0.0.1:9/postgres', onPoolError: () => undefined });
    const app = await createService({ name: 'booking', env, ready: unreachable.ping, limitsDb: unreachable.db, sessions: new MemorySessionStore() });
    try {
      const missing = await app.inject({ method: 'GET', url: '/nowhere', remoteAddress: newClient() });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

describe('shared rate limits on a database whose migrations are behind', () => {
  it('lets requests through uncounted rather than failing them', async () => {
    const testDatabase = await createTestDatabase();
    const behind = await open(testDatabase.config);
    const app = await createService({ name: 'booking', env, ready: behind.ping, limitsDb: behind.db, sessions: new MemorySessionStore() });
    app.get('/api/limited', async () => ({ ok: true }));
    try {
      const client = newClient();
      for (let i = 0; i < 6; i += 1) expect((await app.inject({ method: 'GET', url: '/api/limited', remoteAddress: client })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
      await behind.close();
      await testDatabase.cleanup();
    }
  });
});

describe.each(['postgres', 'pglite'] as const)('connection leases shared by the replicas of a service (%s)', (driver) => {
  let testDatabase: TestDatabase;
  let database: Database<unknown>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ driver });
    database = await open(testDatabase.config);
    await migrateToLatest(database.db, migrations);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.cleanup();
  });

  it('caps one key across processes and frees a place when it is given back', async () => {
    const first = connectionLeases({ db: database.db });
    const second = connectionLeases({ db: database.db });
    try {
      const held = [await first.acquire('client-a', 3), await second.acquire('client-a', 3), await first.acquire('client-a', 3)];
      expect(held.every((release) => typeof release === 'function')).toBe(true);
      expect(await second.acquire('client-a', 3)).toBeUndefined();
      expect(await first.acquire('client-a', 3)).toBeUndefined();
      // Other keys are counted apart.
      expect(await second.acquire('client-b', 3)).toBeTypeOf('function');
      await held[0]!();
      // Giving back twice frees one place only.
      await held[0]!();
      expect(await second.acquire('client-a', 3)).toBeTypeOf('function');
      expect(await first.acquire('client-a', 3)).toBeUndefined();
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('gives no more places than the cap to simultaneous takers', async () => {
    const replicas = [connectionLeases({ db: database.db }), connectionLeases({ db: database.db })];
    try {
      const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => replicas[i % 2]!.acquire('client-rush', 4)));
      expect(taken.filter(Boolean)).toHaveLength(4);
    } finally {
      for (const leases of replicas) await leases.stop();
    }
  });

  it('gives every place back on stop', async () => {
    const leaving = connectionLeases({ db: database.db });
    const staying = connectionLeases({ db: database.db });
    try {
      expect(await leaving.acquire('client-stop', 2)).toBeTypeOf('function');
      expect(await leaving.acquire('client-stop', 2)).toBeTypeOf('function');
      expect(await staying.acquire('client-stop', 2)).toBeUndefined();
      await leaving.stop();
      expect(await staying.acquire('client-stop', 2)).toBeTypeOf('function');
    } finally {
      await staying.stop();
    }
  });

  it.runIf(driver === 'postgres')('frees the places of a replica that died without giving them back, once its leases lapse', async () => {
    // The crashed replica: its own pool, closed under it, so it can neither renew nor give back.
    const doomedDatabase = await createDatabase<unknown>({ ...testDatabase.config, poolSize: 1, onPoolError: () => undefined });
    const doomed = connectionLeases({ db: doomedDatabase.db, ttlMs: 600 });
    const survivor = connectionLeases({ db: database.db, ttlMs: 600 });
    try {
      expect(await doomed.acquire('client-crash', 2)).toBeTypeOf('function');
      expect(await survivor.acquire('client-crash', 2)).toBeTypeOf('function');
      await doomedDatabase.close();
      expect(await survivor.acquire('client-crash', 2)).toBeUndefined();
      // The survivor renews its own lease meanwhile: only the dead one's lapses.
      await expect.poll(async () => typeof (await survivor.acquire('client-crash', 2)), { timeout: 5_000, interval: 50 }).toBe('function');
      expect(await survivor.acquire('client-crash', 2)).toBeUndefined();
    } finally {
      await doomed.stop();
      await survivor.stop();
    }
  });
});
