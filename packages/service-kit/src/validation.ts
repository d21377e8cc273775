import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { findUnsafeText } from '@repo/contracts';

/**
 * The zod validator compiler with one check in front that no route schema can loosen: a string (or key) of a body,
 * query, path or header holding a NUL or a lone surrogate is a 400 naming the field, before the schema sees it.
 * PostgreSQL text cannot hold NUL (the insert would fail with a 500) and UTF-8 cannot carry a lone surrogate (it
 * would be stored as U+FFFD), so the request is refused rather than quietly changed; see `findUnsafeText`. It runs at
 * validation, after every onRequest hook, so authentication still comes first. Bodies a route keeps as bytes (a
 * signed webhook) are not walked; such a route cleans what it keeps itself (payments' `singleLineText`).
 */
export const safeValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const unsafe = findUnsafeText(data);
    if (!unsafe) return validate(data);
    const path = unsafe.path.join('/');
    return { error: [{ keyword: 'unsafe_text', instancePath: path ? `/${path}` : '', schemaPath: `#/${path}`, message: unsafe.message, params: {} }] };
  };
};
