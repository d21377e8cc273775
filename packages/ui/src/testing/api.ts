import { http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API behind the apps' `fetch` in tests, on Mock Service Worker: `@repo/ui/testing` starts it for every test file
 * and removes each test's answers after it. A request to the page's own origin that nothing answers fails (MSW's
 * error strategy: `fetch` rejects and the console says why); any other origin (a real server a test starts) is left
 * alone.
 */
export const apiServer = setupServer();

export function listenForApiRequests(): void {
  apiServer.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).origin === window.location.origin) print.error();
    },
  });
}

/** What a page sent, as the fake API saw it. */
export type SentRequest = {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials;
  /** The JSON body, parsed; undefined when there is none. */
  body: unknown;
  /** The key of `fakeApi`'s table that answered it, such as "GET /api/payments/:id"; undefined when none did. */
  answeredBy: string | undefined;
};
export type Answer = (request: SentRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, ...(fields ? { fields } : {}) } });

/** The network failed: `fetch` rejects with a TypeError, as a browser's does offline. */
export const networkError = () => Response.error();

/** An answer held back until the test releases it, to see the page while it waits. */
export function heldAnswer() {
  let release: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => answer, release };
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

function parseKey(key: string): { method: keyof typeof methods; path: string } {
  const [method, path, ...rest] = key.split(' ');
  if (!method || !(method in methods) || !path?.startsWith('/') || rest.length > 0) throw new Error(`A fake API key reads "METHOD /path", not "${key}".`);
  return { method: method as keyof typeof methods, path };
}

/**
 * A stand-in for the API: answers keyed "METHOD /path" (an MSW path, so `:id` matches any one segment; the query
 * string aside), every request recorded in the order it arrived. `answer` changes or adds a key mid-test, so a second
 * call can see changed data. Anything unanswered on the page's origin is a 404 in the API error shape, recorded too.
 */
export function fakeApi(answers: Record<string, Answer> = {}) {
  const requests: SentRequest[] = [];

  const record = async (request: Request, answeredBy: string | undefined): Promise<SentRequest> => {
    const url = new URL(request.url);
    const sent: SentRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      credentials: request.credentials,
      body: undefined,
      answeredBy,
    };
    // Recorded before the body is read, so the order is the order the requests came in.
    requests.push(sent);
    const text = await request.clone().text();
    sent.body = text ? (JSON.parse(text) as unknown) : undefined;
    return sent;
  };

  const handlerFor = (key: string, answer: Answer): HttpHandler => {
    const { method, path } = parseKey(key);
    return methods[method](path, async ({ request }) => answer(await record(request, key)));
  };

  const unanswered = http.all(`${window.location.origin}/*`, async ({ request }) => {
    const { method, path } = await record(request, undefined);
    return apiError(404, 'NOT_FOUND', `The fake API has no answer for ${method} ${path}`);
  });

  // `use` puts handlers before the earlier ones: the table goes before the 404, and a later `answer` before both.
  apiServer.use(...Object.entries(answers).map(([key, answer]) => handlerFor(key, answer)), unanswered);

  return {
    requests,
    /** The requests sent to "METHOD /path", or answered by that key of the table. */
    sent: (key: string) => requests.filter((request) => request.answeredBy === key || `${request.method} ${request.path}` === key),
    answer: (key: string, answer: Answer) => apiServer.use(handlerFor(key, answer)),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
