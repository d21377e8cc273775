/**
 * What every sandbox shares: a node:http server on an ephemeral port, a request log for tests (method, path, query,
 * headers with secrets masked, time), and the test levers: injected failures (status, how many times, Retry-After,
 * which paths), a delay before answering, and malformed answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SandboxFault = {
  status: 429 | 500 | 502 | 503 | 504;
  /** How many matching requests get it (then they are answered normally). */
  times: number;
  /** Retry-After header: seconds, or an HTTP date as text. */
  retryAfter?: number | string;
  /** Only requests whose path (with query) matches; every request when absent. */
  path?: RegExp;
};

export type SandboxMalformed = {
  /** Only successful answers to matching paths; every one when absent. */
  path?: RegExp;
  /**
   * 'shape' (default): JSON of the wrong shape; 'not-json': an HTML error page with status 200; 'endless': a 200 JSON
   * body that never ends, sent as fast as it is read; 'trickle': one that never ends, a little every 50 ms.
   */
  kind?: 'shape' | 'not-json' | 'endless' | 'trickle';
  /** How many answers are spoiled (default: all). */
  times?: number;
};

export type SandboxTestOptions = {
  /** How many demo customers (default 120). */
  customers?: number;
  host?: string;
  /** Access tokens' lifetime in seconds (default 3600; small values test renewal). */
  tokenTtlSeconds?: number;
  faults?: SandboxFault[];
  /** Milliseconds before every answer (for timeouts). */
  delayMs?: number;
  malformed?: SandboxMalformed;
  /** The time the sandbox starts at (upcoming visits are dated from it). */
  now?: number;
  /** The system's rate limit: past it, 429 (see SandboxRateLimit). */
  rateLimit?: SandboxRateLimit;
};

/**
 * A rate limit as the system enforces it: `perSecond` requests a second (a bucket of one second's worth), past which
 * a request is refused with 429 and, per `retryAfter`, a Retry-After in whole seconds, as an HTTP date, or none.
 * `startEmpty`: the bucket starts spent, as when the tenant's other apps used this second's requests, so the first
 * call is refused however slowly the calls come.
 */
export type SandboxRateLimit = { perSecond: number; retryAfter?: 'seconds' | 'date' | 'none'; startEmpty?: boolean };

export type LoggedRequest = {
  /** Milliseconds since the epoch (fractional), when the request arrived. */
  at: number;
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; secrets (authorization, ST-App-Key) shown as "[redacted]". */
  headers: Record<string, string>;
  /** A JSON or form body's fields, secrets (password, client_secret) shown as "[redacted]"; GraphQL's variables too. */
  body?: Record<string, unknown>;
  status: number;
};

export type SandboxAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type SandboxRequest = {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  /** The raw body text. */
  body: string;
};

export type RunningSandbox = {
  /** The base URL (http://127.0.0.1:<port>). */
  url: string;
  /** Every request so far, in arrival order. */
  requests: LoggedRequest[];
  /** Adds a failure for the next matching requests. */
  injectFault(fault: SandboxFault): void;
  /** Spoils successful answers (undefined stops it). */
  setMalformed(malformed: SandboxMalformed | undefined): void;
  setDelay(ms: number): void;
  /** Makes every access token issued so far expired (the next call with one gets the protocol's 401). */
  expireTokens(): void;
  clearLog(): void;
  close(): Promise<void>;
};

const secretHeaders = new Set(['authorization', 'st-app-key', 'cookie']);
const secretFields = /password|secret|api_?key|token/i;

/** The body's fields for the log, secrets masked; undefined when it is neither JSON nor a form. */
function loggedBody(text: string, contentType: string | undefined): Record<string, unknown> | undefined {
  let fields: Record<string, unknown> | undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) fields = Object.fromEntries(new URLSearchParams(text));
  else if (contentType?.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return fields && Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, secretFields.test(name) ? '[redacted]' : value]));
}

export type SandboxHandler = (request: SandboxRequest) => SandboxAnswer | Promise<SandboxAnswer>;

export type SandboxSpec = {
  handle: SandboxHandler;
  /** The protocol's error body for an injected failure. */
  errorBody: (status: number) => unknown;
  /** A successful answer of the wrong shape, in the protocol's spirit. */
  wrongShape: (request: SandboxRequest) => unknown;
  expireTokens?: () => void;
  /** Which requests count against the rate limit (default: all). */
  limited?: (request: SandboxRequest) => boolean;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The refusal of a request past `limit`, or undefined when it may go (one token taken). */
function rateLimiter(limit: SandboxRateLimit) {
  let tokens = limit.startEmpty ? 0 : limit.perSecond;
  let at = performance.now();
  return (): SandboxAnswer['headers'] | undefined => {
    const time = performance.now();
    tokens = Math.min(limit.perSecond, tokens + ((time - at) / 1000) * limit.perSecond);
    at = time;
    if (tokens >= 1) {
      tokens -= 1;
      return undefined;
    }
    const seconds = Math.max(1, Math.ceil((1 - tokens) / limit.perSecond));
    if (limit.retryAfter === 'none') return {};
    if (limit.retryAfter === 'date') return { 'retry-after': new Date(Date.now() + seconds * 1000 + 999).toUTCString() };
    return { 'retry-after': String(seconds) };
  };
}

/** A 200 JSON answer whose body never ends: as fast as it is read, or a little every 50 ms. */
function endlessBody(response: ServerResponse, pace: 'fast' | 'trickle') {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.write('{"page":1,"pageSize":50,"hasMore":false,"data":[');
  const chunk = '{"id":1,"name":"Dana Whitfield"},'.repeat(pace === 'fast' ? 2_000 : 1);
  const more = () => {
    if (response.destroyed) return;
    if (pace === 'trickle') {
      response.write(chunk);
      setTimeout(more, 50).unref();
    } else if (response.write(chunk)) setImmediate(more);
    else response.once('drain', more);
  };
  more();
}

export async function startSandboxServer(spec: SandboxSpec, options: SandboxTestOptions): Promise<RunningSandbox> {
  const requests: LoggedRequest[] = [];
  const faults: SandboxFault[] = [...(options.faults ?? []).map((fault) => ({ ...fault }))];
  let malformed = options.malformed ? { ...options.malformed } : undefined;
  let delayMs = options.delayMs ?? 0;
  const overLimit = options.rateLimit ? rateLimiter(options.rateLimit) : undefined;

  const write = (response: ServerResponse, answer: SandboxAnswer) => {
    if (response.destroyed || response.writableEnded) return;
    const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
    const contentType = typeof answer.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
    response.writeHead(answer.status, { 'content-type': contentType, ...answer.headers });
    response.end(text);
  };

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://sandbox');
    const entry: LoggedRequest = {
      at: performance.timeOrigin + performance.now(),
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(
        Object.entries(incoming.headers).map(([name, value]) => [name, secretHeaders.has(name) ? '[redacted]' : String(value)]),
      ),
      status: 0,
    };
    requests.push(entry);
    try {
      const body = await readBody(incoming);
      if (body) entry.body = loggedBody(body, incoming.headers['content-type']);
      if (delayMs > 0) await wait(delayMs);
      const request: SandboxRequest = { method: entry.method, url, headers: incoming.headers, body };
      const target = url.pathname + url.search;
      const refused = overLimit && (spec.limited?.(request) ?? true) ? overLimit() : undefined;
      const fault = faults.find((candidate) => candidate.times > 0 && (!candidate.path || candidate.path.test(target)));
      let answer: SandboxAnswer;
      if (refused) {
        answer = { status: 429, body: spec.errorBody(429), headers: refused };
      } else if (fault) {
        fault.times--;
        answer = {
          status: fault.status,
          body: spec.errorBody(fault.status),
          headers: fault.retryAfter === undefined ? undefined : { 'retry-after': String(fault.retryAfter) },
        };
      } else {
        answer = await spec.handle(request);
        const spoil = malformed && (malformed.times ?? 1) > 0 && answer.status < 300 && (!malformed.path || malformed.path.test(target));
        if (spoil && malformed) {
          if (malformed.times !== undefined) malformed.times--;
          if (malformed.kind === 'endless' || malformed.kind === 'trickle') {
            entry.status = 200;
            return endlessBody(response, malformed.kind === 'endless' ? 'fast' : 'trickle');
          }
          answer = malformed.kind === 'not-json' ? { status: 200, body: '<html><body>Gateway hiccup</body></html>' } : { status: answer.status, body: spec.wrongShape(request) };
        }
      }
      entry.status = answer.status;
      write(response, answer);
    } catch (err) {
      entry.status = 500;
      write(response, { status: 500, body: spec.errorBody(500) });
      if (!(err instanceof Error && err.message === 'body too large')) console.error('sandbox handler failed', err);
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    requests,
    injectFault: (fault) => faults.push({ ...fault }),
    setMalformed: (value) => {
      malformed = value ? { ...value } : undefined;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    expireTokens: () => spec.expireTokens?.(),
    clearLog: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads `page`/`pageSize`-style integers: the fallback when absent, undefined when not a positive integer. */
export function positiveInt(value: string | null, fallback: number): number | undefined {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed >= 1 ? parsed : undefined;
}

/** Bearer tokens issued by a sandbox, each with its expiry. */
export function tokenStore(ttlSeconds: number) {
  const tokens = new Map<string, number>();
  return {
    issue(prefix: string): string {
      const token = `${prefix}.${crypto.randomUUID()}`;
      tokens.set(token, Date.now() + ttlSeconds * 1000);
      return token;
    },
    /** 'ok', 'expired' or 'unknown'. */
    check(header: string | undefined): 'ok' | 'expired' | 'unknown' {
      // "Bearer <token>", or the bare token some APIs document (ServiceTitan's examples send it so).
      const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? header;
      const expiry = token ? tokens.get(token) : undefined;
      if (expiry === undefined) return 'unknown';
      return Date.now() < expiry ? 'ok' : 'expired';
    },
    ttlSeconds,
    expireAll(): void {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}
