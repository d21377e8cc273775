import { apiErrorSchema } from '@repo/contracts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 504;

/**
 * The error part of a route's response schema: every listed status answers the one API error shape.
 * `response: { 200: thingSchema, ...errorResponses(400, 401, 403) }`
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S): { [K in S[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as { [K in S[number]]: typeof apiErrorSchema };
}
