import type { ApiError } from '@repo/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiClientOptions = {
  /** Origin the path is resolved against; the page's own origin when absent. */
  baseUrl?: string;
  /**
   * Told of every non-OK answer, with the call's method and path, before the error is thrown to the caller: the back
   * office signs out on any 401 or 403.
   */
  onRefused?: (error: ApiRequestError, call: { method: HttpMethod; path: string }) => void;
};

export type ApiRequestOptions = ApiClientOptions & {
  signal?: AbortSignal;
  /** Extra headers for this call, such as an Idempotency-Key. */
  headers?: Record<string, string>;
};

export type ApiErrorBody = ApiError['error'];

/** A non-OK answer. The message is "<status>: <body text>", or the status text when the body is empty. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly statusText: string;
  readonly body: string;
  /** The body when it has the shape `{ error: { code, message, fields? } }`. */
  readonly apiError: ApiErrorBody | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.apiError = parseApiError(body);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks `apiErrorSchema`'s shape by hand: this client is in every app's first chunk, and zod would add ~90 kB to it.
 * A test holds the two to the same answers.
 */
export function isApiError(value: unknown): value is ApiError {
  if (!isRecord(value) || !isRecord(value.error)) return false;
  const { code, message, fields } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  return fields === undefined || (isRecord(fields) && Object.values(fields).every((field) => typeof field === 'string'));
}

function parseApiError(body: string): ApiErrorBody | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isApiError(parsed) ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The message to show a person: the API's own message when the answer carried one, otherwise `fallback`, otherwise
 * the error's message.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiRequestError && error.apiError) return error.apiError.message;
  if (fallback !== undefined) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return 'An error occurred. Please try again.';
}

export type ApiClient = {
  request: (method: HttpMethod, path: string, body?: unknown, options?: ApiRequestOptions) => Promise<Response>;
  json: <T>(method: HttpMethod, path: string, body?: unknown, options?: ApiRequestOptions) => Promise<T>;
};

/**
 * One client implementing the shared request conventions; `defaults` apply to every call. Sessions
 * travel in httpOnly cookies (credentials included), never in a header a script builds: no token is readable by, or
 * kept in, the page.
 */
export function createApiClient(defaults: ApiClientOptions = {}): ApiClient {
  async function request(method: HttpMethod, path: string, body?: unknown, options: ApiRequestOptions = {}) {
    const { baseUrl, signal, onRefused } = { ...defaults, ...options };
    const headers = new Headers(options.headers);
    const hasBody = body !== undefined;
    if (hasBody) headers.set('Content-Type', 'application/json');

    const response = await fetch(baseUrl ? new URL(path, baseUrl) : path, {
      method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'include',
      signal,
    });
    if (!response.ok) {
      const error = new ApiRequestError(response.status, response.statusText, await response.text());
      onRefused?.(error, { method, path });
      throw error;
    }
    return response;
  }

  async function json<T>(method: HttpMethod, path: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
    const response = await request(method, path, body, options);
    const text = await response.text();
    // An empty answer (204) reads as null rather than a JSON syntax error.
    return (text ? JSON.parse(text) : null) as T;
  }

  return { request, json };
}

const customerClient = createApiClient();

/** Sends a request with the session cookie and no bearer header; throws `ApiRequestError` on any non-OK answer. */
export const apiRequest: ApiClient['request'] = customerClient.request;
/** `apiRequest`, then the answer parsed as JSON (null when empty). */
export const apiJson: ApiClient['json'] = customerClient.json;
