import type { z } from 'zod';
import type { ServiceSystemId } from '@repo/contracts';
import { FieldServiceError, type ConnectorOptions } from './connector.ts';
import type { RequestPacer } from './rate-limit.ts';

/**
 * The one HTTP layer under every connector: a timeout per attempt, retries with exponential backoff and jitter on
 * 429, 5xx, network errors and timeouts (a Retry-After header wins, capped), answers checked against the protocol's
 * zod schema, and failures turned into `FieldServiceError`s whose messages name the system and never a credential.
 */

export const systemNames: Record<ServiceSystemId, string> = { servicepro: 'ServicePro', servicetitan: 'ServiceTitan', jobber: 'Jobber' };

export const defaultTimeoutMs = 10_000;
export const defaultMaxRetries = 4;
export const defaultBackoffMs = 250;
/** The longest Retry-After (or throttle wait) we honour; a longer one is cut to this. */
export const maxRetryAfterMs = 30_000;
/** The largest answer we read (a page of 5,000 ServiceTitan invoices is about 4 MB); a larger one fails the call. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024;

export type HttpRequest<T> = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The documented shape of a successful answer. */
  schema: z.ZodType<T>;
  /** What the call does, for messages: "the customer list". */
  what: string;
  signal?: AbortSignal;
  /** Headers added to every attempt (fresh each time, e.g. after a token refresh). */
  auth?: () => Promise<Record<string, string>>;
  /** Called once on a 401 when `auth` is given: true when new credentials were fetched and the call is worth repeating. */
  onUnauthorized?: () => Promise<boolean>;
  /**
   * A successful-looking answer that asks to wait and try again (Jobber's THROTTLED GraphQL error): the wait in
   * milliseconds, or undefined when the answer is final.
   */
  retryAfter?: (body: unknown) => number | undefined;
};

export type HttpAnswer<T> = { status: number; data: T; headers: Headers };

/** A non-2xx answer the caller maps itself (404 → null, a refused sign-in with the system's own wording). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

export type HttpClient = {
  readonly system: ServiceSystemId;
  /** Sends with retries; throws FieldServiceError, or HttpStatusError for 4xx answers other than 401/403/429 when `passStatus` lists them. */
  send<T>(request: HttpRequest<T>, passStatus?: readonly number[]): Promise<HttpAnswer<T>>;
  /** The failure messages shared by the connectors. */
  fail(kind: FieldServiceError['kind'], message: string, cause?: unknown, status?: number): FieldServiceError;
};

const retryableStatus = (status: number) => status === 429 || status >= 500;

class BodyTooLargeError extends Error {}

/**
 * The answer's text, read as it arrives and given up past `maxBytes` (a declared or a real length), so an endless or
 * huge answer never fills memory; a stalled one is cut by the request's timeout signal.
 */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    text += decoder.decode(value, { stream: true });
  }
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`);

/** Retry-After as seconds or an HTTP date, in milliseconds from now (never negative), capped. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return Math.min(Math.max(0, ms), maxRetryAfterMs);
}

/** Exponential backoff with "equal jitter": half the doubled delay fixed, half random, so retries spread out. */
export function backoffDelay(attempt: number, baseMs: number, random = Math.random): number {
  const full = Math.min(baseMs * 2 ** attempt, maxRetryAfterMs);
  return full / 2 + random() * (full / 2);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Where an answer broke the schema, without any of its values (they may be personal data). */
function issuePlaces(error: z.ZodError): string {
  const places = error.issues.slice(0, 3).map((issue) => (issue.path.length ? issue.path.join('.') : 'the whole answer'));
  return places.join(', ') + (error.issues.length > 3 ? ` and ${error.issues.length - 3} more` : '');
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'its address';
  }
}

/** What a connector adds to its options: the tenant's pacing (ServiceTitan). */
export type HttpClientOptions = ConnectorOptions & { pacer?: RequestPacer };

export function createHttpClient(system: ServiceSystemId, options: HttpClientOptions = {}): HttpClient {
  const name = systemNames[system];
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const maxRetries = options.maxRetries ?? defaultMaxRetries;
  const rateLimitRetries = options.rateLimitRetries ?? maxRetries;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const doFetch = options.fetch ?? fetch;
  const pacer = options.pacer;
  const fail = (kind: FieldServiceError['kind'], message: string, cause?: unknown, status?: number) => new FieldServiceError(system, kind, message, { cause, status });

  async function send<T>(request: HttpRequest<T>, passStatus: readonly number[] = []): Promise<HttpAnswer<T>> {
    const attempts = maxRetries + 1;
    let refreshed = false;
    let limited = 0;
    let lastProblem: { kind: 'rate-limited' | 'unavailable'; detail: string; cause?: unknown; status?: number } = { kind: 'unavailable', detail: '' };

    for (let attempt = 0; attempt < attempts; attempt++) {
      if (request.signal?.aborted) throw request.signal.reason;
      let waitMs: number | undefined;
      // Auth first: the token request paces itself, and a request must not hold a token of the bucket while it waits.
      const headers = { accept: 'application/json', ...request.headers, ...(request.auth ? await request.auth() : {}) };
      if (pacer) await pacer.take(request.signal);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        const response = await doFetch(request.url, { method: request.method, headers, body: request.body, signal });
        const text = await boundedText(response, maxBodyBytes);
        let body: unknown = undefined;
        let parsed = false;
        if (text.trim() !== '') {
          try {
            body = JSON.parse(text);
            parsed = true;
          } catch {
            // not JSON: judged below by status
          }
        }

        if (response.ok) {
          if (!parsed) throw fail('malformed', `${name} sent an answer that is not JSON for ${request.what}.`);
          const throttle = request.retryAfter?.(body);
          if (throttle !== undefined) {
            lastProblem = { kind: 'rate-limited', detail: `${name} is throttling requests` };
            waitMs = Math.min(throttle, maxRetryAfterMs);
          } else {
            const result = request.schema.safeParse(body);
            if (!result.success) {
              throw fail('malformed', `${name} sent an answer this app does not understand for ${request.what} (at ${issuePlaces(result.error)}).`, result.error);
            }
            return { status: response.status, data: result.data, headers: response.headers };
          }
        } else if ((response.status === 401 || response.status === 403) && !passStatus.includes(response.status)) {
          if (response.status === 401 && request.onUnauthorized && !refreshed) {
            refreshed = true;
            if (await request.onUnauthorized()) {
              attempt--; // a new token is not a retry of a failure
              continue;
            }
          }
          throw fail('credentials', credentialsMessage(system), undefined, response.status);
        } else if (passStatus.includes(response.status)) {
          throw new HttpStatusError(response.status, parsed ? body : text);
        } else if (response.status === 429) {
          lastProblem = { kind: 'rate-limited', detail: `${name} is limiting requests (HTTP 429)`, status: 429 };
          // Past its limit the system refuses everyone: the whole tenant waits (Retry-After, else backoff with jitter),
          // and a 429 is a retry of its own budget, not one of the failures' retries.
          const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffDelay(limited, backoffMs);
          if (limited++ < rateLimitRetries) {
            pacer?.holdFor(wait);
            await sleep(wait, request.signal);
            attempt--;
            continue;
          }
          attempt = attempts - 1;
        } else if (retryableStatus(response.status)) {
          lastProblem = { kind: 'unavailable', detail: `${name} answered HTTP ${response.status}`, status: response.status };
          waitMs = retryAfterMs(response.headers.get('retry-after'));
        } else if (response.status === 404) {
          throw fail('not-found', `${name} has no such record (${request.what}).`, undefined, 404);
        } else {
          throw fail('unavailable', `${name} refused the request for ${request.what} (HTTP ${response.status}).`, undefined, response.status);
        }
      } catch (err) {
        if (err instanceof FieldServiceError || err instanceof HttpStatusError) throw err;
        if (request.signal?.aborted) throw request.signal.reason;
        if (err instanceof BodyTooLargeError) {
          throw fail('malformed', `${name} sent an answer larger than ${sizeText(maxBodyBytes)} for ${request.what}; it was not read.`);
        }
        lastProblem = timeout.aborted
          ? { kind: 'unavailable', detail: `${name} did not answer within ${timeoutMs / 1000} s`, cause: err }
          : { kind: 'unavailable', detail: `${name} could not be reached at ${hostOf(request.url)}`, cause: err };
      }
      if (attempt < attempts - 1) await sleep(waitMs ?? backoffDelay(attempt, backoffMs), request.signal);
    }
    const tries = lastProblem.kind === 'rate-limited' ? `${limited} times` : attempts === 1 ? 'once' : `${attempts} times`;
    const advice = lastProblem.kind === 'rate-limited' ? 'Please wait a few minutes and try again.' : 'Please try again later.';
    throw fail(lastProblem.kind, `${lastProblem.detail} for ${request.what} (tried ${tries}). ${advice}`, lastProblem.cause, lastProblem.status);
  }

  return { system, send, fail };
}

/** What a refused sign-in tells the person who typed or configured the credentials. */
export function credentialsMessage(system: ServiceSystemId): string {
  switch (system) {
    case 'servicepro':
      return 'ServicePro refused these credentials: check the company, username and password.';
    case 'servicetitan':
      return 'ServiceTitan refused these credentials: check the client id, secret, app key and tenant id.';
    case 'jobber':
      return 'Jobber refused this access token: check the API key, or connect the Jobber app again to get a new one.';
  }
}

/** Dollars with two decimals from a number or decimal text the systems send ("289", 289.5 → "289.00", "289.50"). */
export function dollars(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? amount.toFixed(2) : '0.00';
}

/** Cuts a page size to what the system allows (at least 1). */
export const clampPageSize = (pageSize: number, max: number) => Math.max(1, Math.min(max, Math.floor(pageSize) || 1));

/** The page a `next` position of a page-numbered system names (null: the first); anything else is a caller's bug. */
export function pageNumber(position: string | null): number {
  if (position === null) return 1;
  if (!/^[1-9]\d{0,8}$/.test(position)) throw new TypeError(`Not a page position of this connector: ${position}`);
  return Number(position);
}
