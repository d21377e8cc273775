import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, storageKeys } from '@repo/contracts';
import { ApiRequestError, createApiClient, errorMessage, isApiError } from '../api-client.ts';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let baseUrl: string;
const received: Received[] = [];

/** Each path answers one way; `/echo` returns what it received. */
function answer(url: string, request: Received): { status: number; reason?: string; body: string } {
  switch (url) {
    case '/echo':
      return { status: 200, body: JSON.stringify({ method: request.method, body: request.body }) };
    case '/no-content':
      return { status: 204, body: '' };
    case '/text-error':
      return { status: 500, body: 'database exploded' };
    case '/empty-error':
      return { status: 503, reason: 'Custom Unavailable', body: '' };
    case '/api-error':
      return {
        status: 422,
        body: JSON.stringify({
          error: { code: 'VALIDATION_ERROR', message: 'Valid email is required', fields: { email: 'Valid email is required' } },
        }),
      };
    case '/other-json-error':
      return { status: 400, body: JSON.stringify({ message: 'not the API error shape' }) };
    default:
      return { status: 404, body: '' };
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const { status, reason, body: reply } = answer(request.url, request);
      res.writeHead(status, reason, reply ? { 'Content-Type': 'application/json' } : {});
      res.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

const lastRequest = (): Received => {
  const request = received.at(-1);
  if (!request) throw new Error('the server received no request');
  return request;
};

describe('apiRequest / apiJson', () => {
  it('sends no content type and no body when there is no body', async () => {
    const api = createApiClient({ baseUrl });
    await api.json('GET', '/echo');
    expect(lastRequest().method).toBe('GET');
    expect(lastRequest().headers['content-type']).toBeUndefined();
    expect(lastRequest().body).toBe('');
  });

  it('sends JSON with a JSON content type when there is a body', async () => {
    const api = createApiClient({ baseUrl });
    const answerBody = await api.json<{ method: string; body: string }>('POST', '/echo', { email: 'a@b.co' });
    expect(lastRequest().headers['content-type']).toBe('application/json');
    expect(answerBody).toEqual({ method: 'POST', body: '{"email":"a@b.co"}' });
  });

  it('sends extra headers given for one call', async () => {
    const api = createApiClient({ baseUrl });
    await api.json('POST', '/echo', { a: 1 }, { headers: { 'Idempotency-Key': 'booking-123456' } });
    expect(lastRequest().headers['idempotency-key']).toBe('booking-123456');
    expect(lastRequest().headers['content-type']).toBe('application/json');
  });

  it('includes credentials on every request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const api = createApiClient({ baseUrl });
    await api.request('GET', '/echo');
    await api.request('PUT', '/echo', { a: 1 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    for (const [, init] of fetchSpy.mock.calls) expect(init?.credentials).toBe('include');
  });

  it('sends no Authorization header when no token is stored', async () => {
    await createApiClient({ baseUrl }).request('GET', '/echo');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('never sends a bearer header, whatever is stored: sessions are httpOnly cookies', async () => {
    window.localStorage.setItem(storageKeys.authToken, 'customer-token');
    window.localStorage.setItem(storageKeys.adminToken, 'admin-token');
    await createApiClient({ baseUrl }).request('GET', '/echo');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('tells onRefused of a non-OK answer with the call, then throws it; OK answers pass by', async () => {
    const refused: [number, string, string][] = [];
    const api = createApiClient({ baseUrl, onRefused: (error, call) => refused.push([error.status, call.method, call.path]) });
    await api.request('GET', '/echo');
    const error = await api.json('POST', '/text-error', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(refused).toEqual([[500, 'POST', '/text-error']]);
  });

  it('answers null for an empty successful body', async () => {
    await expect(createApiClient({ baseUrl }).json('DELETE', '/no-content')).resolves.toBeNull();
  });

  it('throws "<status>: <body>" on a non-OK answer with a body', async () => {
    const error = await createApiClient({ baseUrl }).request('GET', '/text-error').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('500: database exploded');
    expect((error as ApiRequestError).status).toBe(500);
    expect((error as ApiRequestError).apiError).toBeUndefined();
  });

  it('throws "<status>: <status text>" when the body is empty', async () => {
    const error = await createApiClient({ baseUrl }).json('GET', '/empty-error').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('503: Custom Unavailable');
    expect((error as ApiRequestError).status).toBe(503);
  });

  it('parses the API error shape into apiError and errorMessage returns its message', async () => {
    const error = await createApiClient({ baseUrl }).json('POST', '/api-error', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const apiError = (error as ApiRequestError).apiError;
    expect(apiError).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Valid email is required',
      fields: { email: 'Valid email is required' },
    });
    expect((error as ApiRequestError).message).toMatch(/^422: \{"error":/);
    expect(errorMessage(error, 'fallback')).toBe('Valid email is required');
  });

  it('leaves apiError empty for JSON of another shape', async () => {
    const error = await createApiClient({ baseUrl }).json('GET', '/other-json-error').catch((e: unknown) => e);
    expect((error as ApiRequestError).apiError).toBeUndefined();
    expect(errorMessage(error, 'Login failed.')).toBe('Login failed.');
    expect(errorMessage(error)).toBe('400: {"message":"not the API error shape"}');
  });
});

describe('errorMessage', () => {
  it('uses the error message, then a generic sentence, when nothing better is known', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('nope')).toBe('An error occurred. Please try again.');
  });
});

describe('isApiError', () => {
  it('agrees with the contract\'s apiErrorSchema', () => {
    const samples: unknown[] = [
      { error: { code: 'NOT_FOUND', message: 'No such appointment' } },
      { error: { code: 'VALIDATION_ERROR', message: 'Invalid', fields: { email: 'Valid email is required' } } },
      { error: { code: 'X', message: 'extra keys are fine' }, requestId: 'abc' },
      { error: { code: 'X', message: 'bad field', fields: { email: 1 } } },
      { error: { code: 'X', message: 'fields not a record', fields: ['email'] } },
      { error: { code: 1, message: 'code not text' } },
      { error: { code: 'X' } },
      { error: 'text' },
      { error: [] },
      { message: 'no error key' },
      [],
      null,
      'text',
    ];
    for (const sample of samples) expect(isApiError(sample), JSON.stringify(sample)).toBe(apiErrorSchema.safeParse(sample).success);
  });
});
