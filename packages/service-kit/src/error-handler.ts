import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ApiError } from '@repo/contracts';
import { isConnectionError, sqlState } from './db/errors.ts';
import { DomainError } from './errors.ts';

/**
 * At most this many field messages in one answer (the first ones, in the request's order). A request with a thousand
 * bad items would otherwise answer with far more bytes than it sent; the first fifty are enough to act on, and the
 * message says how many more there are.
 */
export const maxFieldMessages = 50;
/** At most this many distinct messages joined into the summary `message`. */
const maxSummaryMessages = 5;

function body(code: string, message: string, fields?: Record<string, string>): ApiError {
  if (!fields) return { error: { code, message } };
  const entries = Object.entries(fields);
  if (entries.length <= maxFieldMessages) return { error: { code, message, fields } };
  const more = entries.length - maxFieldMessages;
  return { error: { code, message: `${message} (${more} more problems not listed)`, fields: Object.fromEntries(entries.slice(0, maxFieldMessages)) } };
}

export const notFoundBody = (method: string, url: string) =>
  body(errorCodes.notFound, `No route matches ${method} ${url.split('?')[0]}`);

export const rateLimitBody = (retryAfter: string) =>
  ({ statusCode: 429, ...body(errorCodes.rateLimited, `Too many requests. Please wait ${retryAfter} and try again.`) });

/** Known Fastify request errors and the message a person can act on. */
const requestErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: errorCodes.unsupportedMediaType, message: 'Send the request body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: errorCodes.badRequest, message: 'The request body length does not match its Content-Length.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: errorCodes.badRequest, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: errorCodes.badRequest, message: 'The request body is not valid JSON.' },
  FST_ERR_BAD_URL: { status: 400, code: errorCodes.badRequest, message: 'The address is not valid: it holds a broken percent-encoding.' },
};

function fieldMessages(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined;
    const path = params?.issue?.path?.map(String).join('.') || issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
    const key = error.validationContext && error.validationContext !== 'body' ? `${error.validationContext}.${path}` : path;
    fields[key] ??= params?.issue?.message ?? issue.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a string too long, a number out of range, a bad date or encoding,
 * a NUL byte…) are caused by the request's values, so the caller gets a 400, not a 500. Each one means a schema let
 * through what the column cannot hold, so it is logged as a warning to be fixed there.
 */
const isDataException = (error: unknown) => /^22[0-9A-Z]{3}$/.test(sqlState(error) ?? '');

/** Seconds a caller is asked to wait (Retry-After) while the database is unreachable: about a restart's length. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailableBody = () =>
  body(errorCodes.unavailable, 'The service is briefly unavailable. Please try again in a few seconds.');

/**
 * The one error handler: validation → 400 with field messages, domain errors → their status, a value the database
 * cannot hold → 400, a database that cannot be reached (down, restarting, a cut connection) → 503 with Retry-After,
 * anything else → logged 500.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const fields = fieldMessages(error);
    const messages = [...new Set(Object.values(fields))];
    const summary = messages.slice(0, maxSummaryMessages).join('. ') + (messages.length > maxSummaryMessages ? '. …' : '');
    return reply.code(400).send(body(errorCodes.validation, summary, fields));
  }
  if (error instanceof DomainError) {
    if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.code(error.statusCode).send(body(error.code, error.message, error.fields));
  }
  const known = error.code ? requestErrors[error.code] : undefined;
  if (known) return reply.code(known.status).send(body(known.code, known.message));
  if (error.statusCode === 429) {
    const limited = error as unknown as Partial<ApiError>;
    return reply.code(429).send(body(errorCodes.rateLimited, limited.error?.message ?? 'Too many requests. Please try again shortly.'));
  }
  if (error.statusCode === 401) return reply.code(401).send(body(errorCodes.unauthorized, 'Please sign in to continue.'));
  if (isDataException(error)) {
    request.log.warn({ err: error, sqlState: sqlState(error) }, 'database refused a value: a request schema is too loose');
    return reply.code(400).send(body(errorCodes.badRequest, 'A value in this request cannot be stored: check that each text, number and date is of a sensible size.'));
  }
  if (isConnectionError(error)) {
    // Nothing the caller did: the pool reconnects by itself once the database is back, so a retry will go through.
    request.log.warn({ err: error, sqlState: sqlState(error) }, 'database unreachable; answered 503');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnavailableBody());
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    request.log.info({ err: error }, 'client error');
    return reply.code(error.statusCode).send(body(errorCodes.badRequest, error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(body(errorCodes.internal, 'Something went wrong on our side. Please try again in a moment.'));
}
