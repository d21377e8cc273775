import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient } from '../api-client.ts';
import { createQueryClient, queryKeyToPath } from '../query-client.ts';

let server: Server;
let baseUrl: string;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    if (req.url === '/api/auth/user') {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Not signed in' } }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createQueryClient', () => {
  it('applies the shared defaults to queries and mutations', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
    expect(typeof queries?.queryFn).toBe('function');
  });

  it('GETs the path joined from the query key segments and parses JSON', async () => {
    const client = createQueryClient({ api: createApiClient({ baseUrl }) });
    await expect(client.fetchQuery({ queryKey: ['/api/technicians', 7] })).resolves.toEqual({ path: '/api/technicians/7' });
    await expect(client.fetchQuery({ queryKey: ['/api/customer', 'appointments'] })).resolves.toEqual({
      path: '/api/customer/appointments',
    });
    expect(paths).toContain('GET /api/technicians/7');
    expect(paths).toContain('GET /api/customer/appointments');
  });

  it('throws on 401 by default', async () => {
    const client = createQueryClient({ api: createApiClient({ baseUrl }) });
    const error = await client.fetchQuery({ queryKey: ['/api/auth/user'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
  });

  it('answers null on 401 when asked to', async () => {
    const client = createQueryClient({ on401: 'returnNull', api: createApiClient({ baseUrl }) });
    await expect(client.fetchQuery({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
  });
});

describe('queryKeyToPath', () => {
  it('joins string and number segments with /', () => {
    expect(queryKeyToPath(['/api/tracking', 'APT-1'])).toBe('/api/tracking/APT-1');
    expect(queryKeyToPath(['/api/appointments'])).toBe('/api/appointments');
  });

  it('refuses segments that cannot be part of a path', () => {
    expect(() => queryKeyToPath(['/api/appointments', { date: '2025-01-01' }])).toThrow(TypeError);
  });
});
