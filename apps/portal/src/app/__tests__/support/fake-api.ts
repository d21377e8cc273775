import { vi } from 'vitest';

/** What a page sent, as the fake API saw it. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
export type Answer = (request: SentRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, ...(fields ? { fields } : {}) } });

/** An answer held back until the test releases it, to see the page while it waits. */
export function heldAnswer() {
  let release: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => answer, release };
}

/**
 * A tiny stand-in for the API behind `fetch`: answers keyed "METHOD /path" (query string aside), every request
 * recorded. Keys can be changed mid-test with `answer`, so a second call can see the changed data. Anything
 * unanswered is a 404 in the API error shape, and the test sees it in `requests`.
 */
export function fakeApi(answers: Record<string, Answer>) {
  const table = new Map(Object.entries(answers));
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(address, window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: SentRequest = { method, path: url.pathname, query: url.searchParams, headers: new Headers(init?.headers), body };
    requests.push(request);
    const answer = table.get(`${method} ${url.pathname}`);
    if (!answer) return apiError(404, 'NOT_FOUND', `The fake API has no answer for ${method} ${url.pathname}`);
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests sent to "METHOD /path". */
    sent: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
    answer: (key: string, answer: Answer) => table.set(key, answer),
  };
}
