import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionError } from '../src/db/errors.ts';
import { createDatabase, type Database } from '../src/db/index.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorHandler } from '../src/error-handler.ts';
import { unavailable } from '../src/errors.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isConnectionError', () => {
  it('recognises a database that is down, restarting or cut the connection', () => {
    for (const code of ['08000', '08003', '08006', '08001', '57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isConnectionError(pgError(code)), code).toBe(true);
    }
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isConnectionError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // Node's connect to a host with several addresses fails with an AggregateError of the refusals.
    expect(isConnectionError(new AggregateError([pgError('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: pgError('57P01') }))).toBe(true);
  });

  it('leaves statement errors and everything else alone', () => {
    for (const code of ['23505', '22001', '40001', '42P01', '57014']) expect(isConnectionError(pgError(code)), code).toBe(false);
    expect(isConnectionError(new Error('secret connection string postgres://user:pw@db'))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});

describe('the error handler while the database is unreachable', () => {
  let app: FastifyInstance;
  let unreachable: Database<unknown>;
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    unreachable = await createDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`, onPoolError: () => undefined });
    app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/unreachable', async () => (await sql`select 1 as one`.execute(unreachable.db)).rows);
    app.get('/terminated', async () => {
      // Its own client (with an error listener): the server ends this very session, as a fast shutdown does (57P01).
      const client = new pg.Client({ connectionString: testDatabase.config.url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query('select pg_terminate_backend(pg_backend_pid())')).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    });
    app.get('/shutting-down', async () => {
      throw pgError('57P03', 'the database system is shutting down');
    });
    app.get('/session-check-down', async () => {
      throw unavailable('We cannot check your session right now.');
    });
    app.get('/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await unreachable?.close();
    await testDatabase?.cleanup();
  });

  const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable. Please try again in a few seconds.' } });
  };

  it('answers 503 with Retry-After in the error shape when no connection can be made (ECONNREFUSED)', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/unreachable' }));
  });

  it('answers 503 with Retry-After when the server ends the session under a query (57P01)', async () => {
    if (testDatabase.kind !== 'postgres') return; // PGlite runs in-process: nothing to terminate
    expectUnavailable(await app.inject({ method: 'GET', url: '/terminated' }));
  });


  it('answers 503 with Retry-After while the server is shutting down (57P03)', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/shutting-down' }));
  });

  it('adds Retry-After to every 503 in the error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/session-check-down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'We cannot check your session right now.' } });
  });

  it('still answers any other error with a 500 that tells nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again in a moment.' } });
  });
});
