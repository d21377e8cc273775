import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ApiError } from '@repo/contracts';
import { DomainError } from './errors.ts';

const body = (code: string, message: string, fields?: Record<string, string>): ApiError => ({
  error: fields ? { code, message, fields } : { code, message },
});

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

/** The one error handler: validation → 400 with field messages, domain errors → their status, anything else → logged 500. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const fields = fieldMessages(error);
    const messages = [...new Set(Object.values(fields))];
    return reply.code(400).send(body(errorCodes.validation, messages.join('. '), fields));
  }
  if (error instanceof DomainError) {
    return reply.code(error.statusCode).send(body(error.code, error.message, error.fields));
  }
  const known = error.code ? requestErrors[error.code] : undefined;
  if (known) return reply.code(known.status).send(body(known.code, known.message));
  if (error.statusCode === 429) {
    const limited = error as unknown as Partial<ApiError>;
    return reply.code(429).send(body(errorCodes.rateLimited, limited.error?.message ?? 'Too many requests. Please try again shortly.'));
  }
  if (error.statusCode === 401) return reply.code(401).send(body(errorCodes.unauthorized, 'Please sign in to continue.'));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    request.log.info({ err: error }, 'client error');
    return reply.code(error.statusCode).send(body(errorCodes.badRequest, error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(body(errorCodes.internal, 'Something went wrong on our side. Please try again in a moment.'));
}
