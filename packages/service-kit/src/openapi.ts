import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, appointmentAccessHeader, invoiceAccessHeader, roles, sessionCookieName, staffSessionCookieName, type Role } from '@repo/contracts';

/**
 * What the OpenAPI document says of each route is derived from the route itself, so it cannot drift from what the
 * route does: its security from the authentication hook it runs (`authenticate`, `optionalSession`, `requireRole`, or
 * a hook of its own marked with `withRequirement`), its error statuses from the hooks, schemas, body parsers and limits
 * that apply to it, its operationId from method and path. The route states its summary, tags and the statuses only
 * its handler can answer (404, 409, 502…); each service's API document test lints the document and calls every
 * operation to hold the statuses to what the route really answers (`@repo/service-kit/test-service`).
 */

/** The ways a caller shows who they are: a session (bearer token, the customer's or the back office's cookie), or an appointment's or an invoice's link. */
export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session token from POST /api/auth/login or POST /api/admin/login.' },
  customerCookie: { type: 'apiKey', in: 'cookie', name: sessionCookieName, description: "The customer's httpOnly session cookie, set at login." },
  staffCookie: { type: 'apiKey', in: 'cookie', name: staffSessionCookieName, description: "The back office's httpOnly session cookie, set at admin login." },
  appointmentLink: {
    type: 'apiKey',
    in: 'header',
    name: appointmentAccessHeader,
    description: "The token of one appointment's link (from its booking confirmation): it grants that appointment only, with no session.",
  },
  invoiceLink: {
    type: 'apiKey',
    in: 'header',
    name: invoiceAccessHeader,
    description: "The key of one invoice's link (from the email sending it): it grants that invoice only, with no session.",
  },
} as const;
/** The link schemes a route may take instead of a session. */
export type LinkSchemeName = 'appointmentLink' | 'invoiceLink';
export type SecuritySchemeName = keyof typeof securitySchemes;

const requirementKey = Symbol('authRequirement');
/**
 * What an authentication hook requires. `required`: a session of one of `roles` (401 without a session, 403 for
 * another role), unless the caller shows one of `alternatives` instead (an appointment's link). `optional`: anyone,
 * and a session when one is shown (a bad one is a 401).
 */
export type AuthRequirement = { kind: 'required'; roles: readonly Role[]; alternatives?: readonly SecuritySchemeName[] } | { kind: 'optional' };

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

type SecurityRequirement = Partial<Record<SecuritySchemeName, string[]>>;

/**
 * The ways to show a session of one of `allowed`: a bearer token, and the cookie its sign-in sets (a customer's login
 * sets the customer's cookie, a back-office login the staff cookie). The roles are listed when not every role may
 * call, as OpenAPI 3.1 allows for schemes other than OAuth.
 */
function sessionWays(allowed: readonly Role[]): SecurityRequirement[] {
  const named = allowed.length < roles.length ? [...allowed] : [];
  const ways: SecurityRequirement[] = [{ bearer: named }];
  if (allowed.includes('customer')) ways.push({ customerCookie: named });
  if (allowed.some((role) => role !== 'customer')) ways.push({ staffCookie: named });
  return ways;
}

function securityOf(requirement: AuthRequirement | undefined): SecurityRequirement[] {
  if (!requirement) return [];
  if (requirement.kind === 'optional') return [...sessionWays(roles), {}];
  return [...sessionWays(requirement.roles), ...(requirement.alternatives ?? []).map((name) => ({ [name]: [] }))];
}

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

/** Methods whose request body Fastify reads (GET's is never read, so a GET cannot answer 413 or 415). */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether `instance` reads a body of any type (a catch-all `addContentTypeParser('*', …)`, as a webhook that verifies
 * the raw bytes has), so it never answers 415 and never fails to parse. Fastify keeps the catch-all under the empty
 * type, which `hasContentTypeParser('*')` does not find (it parses '*' as a media type), so the parser table is asked.
 */
function takesAnyBodyType(instance: FastifyInstance | undefined): boolean {
  if (!instance) return false;
  if (instance.hasContentTypeParser('*')) return true;
  for (let level: object | null = instance; level; level = Object.getPrototypeOf(level) as object | null) {
    const symbol = Object.getOwnPropertySymbols(level).find((candidate) => candidate.description === 'fastify.contentTypeParser');
    if (symbol) return (level as Record<symbol, { customParsers?: Map<string, unknown> }>)[symbol]?.customParsers?.has('') ?? false;
  }
  return false;
}

/**
 * An `onRoute` hook (`this` is the instance the route is registered on): fills in operationId, security and the error
 * statuses the route can answer, keeping whatever the route states itself.
 * - 400 when it validates input (params, query, headers, body), or reads a JSON body, which may be malformed;
 * - 401 and 503 (the session check) when it reads a session; 403 when only some roles may call it;
 * - 403, 413 and 415 when it reads a body: a cookie sent from a site that is not allowed, a body past the limit, a body
 *   of a type it has no parser for (none when it takes any type);
 * - 414 when its path has a parameter: the router refuses a value longer than its `maxParamLength` before any hook;
 * - 429 and 503 (its database may be down) unless rate limiting is off for it, as for the health probes.
 */
export function documentRoute(this: FastifyInstance | undefined, route: RouteOptions): void {
  const stated = route.schema as (Record<string, unknown> & { response?: Record<string | number, unknown>; hide?: boolean }) | undefined;
  if (!stated || stated.hide) return;
  const method = ((Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET').toUpperCase();
  const requirement = requirementOf(route);
  const readsBody = bodyMethods.has(method);
  const anyBodyType = takesAnyBodyType(this);

  const statuses = new Set<number>();
  if (stated.body || stated.querystring || stated.params || stated.headers || (readsBody && !anyBodyType)) statuses.add(400);
  if (requirement) statuses.add(401).add(503);
  if (requirement?.kind === 'required' && requirement.roles.length < roles.length) statuses.add(403);
  if (readsBody) statuses.add(403).add(413);
  if (readsBody && !anyBodyType) statuses.add(415);
  if (route.url.includes(':')) statuses.add(414);
  // Rate limiting is off for the health probes only; every other route may also find its database down (503).
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.add(429).add(503);
  const response: Record<string | number, unknown> = { ...stated.response };
  for (const status of statuses) response[status] ??= apiErrorSchema;

  // A copy: one schema object may serve several routes.
  route.schema = {
    ...stated,
    operationId: (stated.operationId as string | undefined) ?? operationIdFor(method, route.url),
    security: (stated.security as SecurityRequirement[] | undefined) ?? securityOf(requirement),
    response,
  };
}

/** What each error status means, whichever route answers it; the body is always the ApiError shape. */
export const errorDescriptions: Record<number, string> = {
  400: 'The request is not valid: `message` says why and `fields` names each field to fix.',
  401: 'No session, or one that has ended (or a link that is not valid): sign in again.',
  403: 'Signed in, but this account may not do this (or a cookie was sent from a site that is not allowed).',
  404: 'What the request names does not exist (or is not the caller’s to see).',
  409: 'The request conflicts with the current state (already taken, already done, or changed meanwhile).',
  413: 'The request body is too large.',
  414: 'A value in the path is longer than any this call accepts.',
  415: 'The request body is not JSON: send it as application/json.',
  429: 'Too many requests: wait the number of seconds in Retry-After, then try again.',
  502: 'An outside system this call relies on answered with an error.',
  503: 'Something this call relies on is unavailable right now (the database, the session check, a provider, or missing configuration); try again after the seconds in Retry-After.',
  504: 'An outside system this call relies on did not answer in time.',
};

const apiErrorRef = '#/components/schemas/ApiError';

/**
 * @fastify/swagger's `transform`: the zod type provider's, then each error response described by its status (with
 * the Retry-After header of a 429) instead of "Default Response".
 */
export const documentTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const responses = (transformed.schema as { response?: Record<string, Record<string, unknown>> } | undefined)?.response;
  for (const [status, schema] of Object.entries(responses ?? {})) {
    const description = errorDescriptions[Number(status)];
    if (!description || schema.$ref !== apiErrorRef) continue;
    schema['x-response-description'] = description;
    if (status === '429') schema.headers = { 'retry-after': { type: 'integer', description: 'Seconds to wait before the next request.' } };
  }
  return transformed;
};

/**
 * @fastify/swagger's `transformObject`: the zod type provider's, without the components no operation refers to (the
 * ApiError's input variant, a security scheme this service never takes).
 */
export const documentTransformObject: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const { components, paths } = document as {
    components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
    paths?: Record<string, Record<string, { security?: SecurityRequirement[] }>>;
  };
  if (!components) return document;
  const operations = Object.values(paths ?? {}).flatMap((path) => Object.values(path));
  const usedSchemes = new Set(operations.flatMap((operation) => (operation.security ?? []).flatMap((way) => Object.keys(way))));
  const securitySchemesUsed = Object.fromEntries(Object.entries(components.securitySchemes ?? {}).filter(([name]) => usedSchemes.has(name)));
  // A schema is used when a path refers to it, or a used schema does (at most a few, so a fixed point is cheap).
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  let text = JSON.stringify(paths ?? {});
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of Object.keys(schemas)) {
      if (used.has(name) || !text.includes(`"#/components/schemas/${name}"`)) continue;
      used.add(name);
      text += JSON.stringify(schemas[name]);
      grew = true;
    }
  }
  return {
    ...document,
    components: {
      ...components,
      securitySchemes: securitySchemesUsed,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as typeof document;
};
