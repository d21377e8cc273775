import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, roles, sessionCookieName, staffSessionCookieName, type Role } from '@repo/contracts';

/**
 * What the OpenAPI document says of each route is derived from the route itself, so it cannot drift from what the
 * route does: its security from the authentication hook it runs (`authenticate`, `optionalSession`, `requireRole`),
 * its error statuses from the hooks, schemas and limits that apply to it, its operationId from method and path.
 */

const requirementKey = Symbol('authRequirement');
export type AuthRequirement = { kind: 'required'; roles: readonly Role[] } | { kind: 'optional' };

/** Marks an authentication hook with what it requires, for the document. */
export function withRequirement<T extends object>(hook: T, requirement: AuthRequirement): T {
  Object.defineProperty(hook, requirementKey, { value: requirement });
  return hook;
}

function requirementOf(route: Pick<RouteOptions, 'onRequest' | 'preHandler' | 'preValidation'>): AuthRequirement | undefined {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) => (hook ? (Array.isArray(hook) ? hook : [hook]) : []));
  for (const hook of hooks) {
    const requirement = (hook as { [requirementKey]?: AuthRequirement })[requirementKey];
    if (requirement) return requirement;
  }
  return undefined;
}

/** The ways a caller shows a session: a bearer token (API clients), the customer's or the back office's cookie. */
export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session token from POST /api/auth/login or POST /api/admin/login.' },
  customerCookie: { type: 'apiKey', in: 'cookie', name: sessionCookieName, description: "The customer's httpOnly session cookie, set at login." },
  staffCookie: { type: 'apiKey', in: 'cookie', name: staffSessionCookieName, description: "The back office's httpOnly session cookie, set at admin login." },
} as const;

/** `getAdminImportJobsById` for `GET /api/admin/import-jobs/:id`: unique per method and path. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part && part !== 'api')
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

if (!z.globalRegistry.has(apiErrorSchema)) z.globalRegistry.add(apiErrorSchema, { id: 'ApiError', description: 'The one error shape of every service.' });

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An `onRoute` hook: fills in operationId, security and the error statuses the route can answer, keeping whatever
 * the route states itself. 400 when it validates input; 401 and 503 (the session check) when it needs a session; 403
 * when only some roles may call it, or when it changes state (a cookie sent from a site that is not allowed);
 * 413 and 415 when it takes a body; 429 unless rate limiting is off for it.
 */
export function documentRoute(route: RouteOptions): void {
  const stated = route.schema as (Record<string, unknown> & { response?: Record<string | number, unknown>; hide?: boolean }) | undefined;
  if (!stated || stated.hide) return;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
  const requirement = requirementOf(route);
  const sessionWays = Object.keys(securitySchemes).map((name) => ({ [name]: [] }));

  const statuses = new Set<number>();
  if (stated.body || stated.querystring || stated.params || stated.headers) statuses.add(400);
  if (requirement) statuses.add(401).add(503);
  if (requirement?.kind === 'required' && requirement.roles.length < roles.length) statuses.add(403);
  if (unsafeMethods.has(method.toUpperCase())) statuses.add(403);
  if (stated.body) statuses.add(413).add(415);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.add(429);
  const response: Record<string | number, unknown> = { ...stated.response };
  for (const status of statuses) response[status] ??= apiErrorSchema;

  // A copy: one schema object may serve several routes.
  route.schema = {
    ...stated,
    operationId: (stated.operationId as string | undefined) ?? operationIdFor(method, route.url),
    security: (stated.security as { [name: string]: string[] }[] | undefined) ?? (!requirement ? [] : requirement.kind === 'optional' ? [...sessionWays, {}] : sessionWays),
    response,
  };
}
