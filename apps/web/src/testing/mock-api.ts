import { vi } from 'vitest';

export type ApiCall = { method: string; path: string; body: unknown; headers: Headers };
export type ApiAnswer = { status: number; body?: unknown };

/** Answers the app's API calls (its `fetch`) from `handler` and records them, in order. */
export function mockApi(handler: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const { status, body } = await handler(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}
