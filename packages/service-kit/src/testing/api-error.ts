import { expect } from 'vitest';

/**
 * The caller gets `status` and the one error shape `{ error: { code, message, fields? } }`: a message a person can
 * read and, on validation errors (or when `fields` is given), the message of each field.
 */
export function expectApiError(response: { statusCode: number; body: string }, status: number, code: string, fields?: unknown) {
  expect(response.statusCode, response.body).toBe(status);
  const expectedFields = fields ?? (code === 'VALIDATION_ERROR' ? expect.any(Object) : undefined);
  const body = JSON.parse(response.body) as { error: { fields?: Record<string, unknown> } };
  expect(body).toEqual({ error: { code, message: expect.stringMatching(/\S/), ...(expectedFields ? { fields: expectedFields } : {}) } });
  for (const message of Object.values(body.error.fields ?? {})) expect(message).toEqual(expect.stringMatching(/\S/));
}

/**
 * What a JSON request body that fails validation is refused as. Fastify refuses an empty body, broken JSON and JSON that
 * could poison prototypes (a `__proto__` key, or `constructor.prototype`) before validation, as a bad request.
 */
export function jsonBodyErrorCode(text: string): 'VALIDATION_ERROR' | 'BAD_REQUEST' {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'BAD_REQUEST';
  }
  return poisonsPrototypes(value) ? 'BAD_REQUEST' : 'VALIDATION_ERROR';
}

function poisonsPrototypes(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  const { constructor } = value as { constructor?: unknown };
  if (Object.hasOwn(value, 'constructor') && typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype')) return true;
  return Object.values(value).some(poisonsPrototypes);
}
