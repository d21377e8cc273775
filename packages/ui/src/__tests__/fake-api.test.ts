import { describe, expect, it } from 'vitest';
import { apiJson, ApiRequestError } from '../api-client.ts';
import { fakeApi, json, networkError } from '../testing/api.ts';

describe('the fake API the apps test against', () => {
  it('answers by method and path, a later answer first, and records every request in order with its body and headers', async () => {
    const api = fakeApi({ 'GET /api/payments/:id': () => json(200, { first: true }) });
    await expect(apiJson('GET', '/api/payments/pi_1?expand=1')).resolves.toEqual({ first: true });
    api.answer('GET /api/payments/:id', () => json(200, { first: false }));
    await expect(apiJson('POST', '/api/payments/pi_1', { amount: 5 }, { headers: { 'Idempotency-Key': 'k-1' } })).rejects.toBeInstanceOf(ApiRequestError);
    await expect(apiJson('GET', '/api/payments/pi_2')).resolves.toEqual({ first: false });
    expect(api.requests.map(({ method, path, body, answeredBy }) => ({ method, path, body, answeredBy }))).toEqual([
      { method: 'GET', path: '/api/payments/pi_1', body: undefined, answeredBy: 'GET /api/payments/:id' },
      { method: 'POST', path: '/api/payments/pi_1', body: { amount: 5 }, answeredBy: undefined },
      { method: 'GET', path: '/api/payments/pi_2', body: undefined, answeredBy: 'GET /api/payments/:id' },
    ]);
    expect(api.requests[0]!.query.get('expand')).toBe('1');
    expect(api.requests[1]!.headers.get('idempotency-key')).toBe('k-1');
    expect(api.sent('GET /api/payments/:id')).toHaveLength(2);
    expect(api.sent('POST /api/payments/pi_1')).toHaveLength(1);
  });

  it('answers what it was not told with a 404 in the API error shape', async () => {
    fakeApi();
    const error = await apiJson('GET', '/api/nothing').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, apiError: { code: 'NOT_FOUND', message: 'The fake API has no answer for GET /api/nothing' } });
  });

  it('fails like a lost network: fetch rejects with a TypeError', async () => {
    fakeApi({ 'GET /api/session': networkError });
    await expect(fetch('/api/session')).rejects.toBeInstanceOf(TypeError);
  });
});
