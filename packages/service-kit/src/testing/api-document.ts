import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, roles, routeOwnership, serviceForPath, type Role, type ServiceName } from '@repo/contracts';
import type { ServiceApp } from '../create-service.ts';
import type { TestService } from './test-service-types.ts';

/**
 * The OpenAPI document of a service held to two independent judges: Redocly's `recommended` ruleset, and the service
 * itself, called for every operation the document lists (see `apiDocumentSuite`).
 */

export type LintFinding = { rule: string; severity: 'error' | 'warn'; where: string; message: string };

/** `GET /api/x/{id}` for `#/paths/~1api~1x~1{id}/get/...`; the pointer itself for anything else. */
function placeOf(pointer: string): string {
  const [, paths, path, method] = pointer.split('/');
  if (paths !== 'paths' || !path || !method) return pointer;
  return `${method.toUpperCase()} ${decodeURIComponent(path).replaceAll('~1', '/').replaceAll('~0', '~')}`;
}

/** Every `$ref` of the document: they must all be local, so linting never reaches the network. */
function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === '$ref' && typeof item === 'string' ? [item] : references(item)));
}

/** Lints an OpenAPI document with Redocly's `recommended` rules, offline (a document with a remote `$ref` is refused). */
export async function lintApiDocument(document: object): Promise<LintFinding[]> {
  const remote = references(document).filter((ref) => !ref.startsWith('#'));
  if (remote.length > 0) throw new Error(`the document refers outside itself, which linting offline cannot follow: ${remote.join(', ')}`);
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => {
      const location = problem.location[0] as { pointer?: string } | undefined;
      return { rule: problem.ruleId, severity: problem.severity, where: placeOf(location?.pointer ?? '#'), message: problem.message };
    });
}

/** Warnings every service's document keeps, for the kit's own routes, and why. Keyed `<rule> <METHOD> <path>`. */
export const kitAcceptedWarnings: Record<string, string> = {
  'operation-4xx-response GET /healthz': 'A liveness probe: no input, no session, no rate limit, so no client error to answer.',
  'operation-4xx-response GET /readyz': 'A readiness probe: no input, no session, no rate limit, so no client error to answer.',
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema };
type JsonSchema = { type?: string; enum?: unknown[]; pattern?: string; minLength?: number; maxLength?: number; format?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema & { $ref?: string } }> };
  responses: Record<string, unknown>;
};
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

/** How a call reaches past a route's access check to its input: an existing record's path values, a link header. */
export type OperationFixture = {
  /** Path values, by parameter name (defaults: `1`). */
  params?: Record<string, string>;
  /** Headers sent with the allowed calls, such as an appointment's link. */
  headers?: Record<string, string>;
  /** Who makes the allowed calls: a session of this role, or nobody (with `headers`). Default: the first role allowed. */
  as?: Role | 'anonymous';
  /**
   * Input the route refuses with 400 that its document cannot show: a body only its handler reads (a webhook's raw
   * bytes, checked against a signature). Sent by the allowed caller, each must answer 400 in the error shape.
   */
  invalid?: { label: string; headers?: Record<string, string>; payload?: string }[];
};

export type ApiDocumentSuiteOptions<DB> = {
  service: ServiceName;
  /** Which configuration `start` builds, when the routes differ by configuration (`'with Stripe'`): named in the title. */
  variant?: string;
  /** Builds the service (e.g. `createTestService`), with rate limits high enough for a few hundred calls. */
  start: () => Promise<TestService<DB>>;
  /** Per operationId, what a call needs to get past the access check (see `OperationFixture`). */
  fixtures?: (service: TestService<DB>) => Promise<Record<string, OperationFixture>>;
  /** Lint warnings this service's document keeps beyond the kit's, each with why: `<rule> <METHOD> <path>` → reason. */
  acceptedWarnings?: Record<string, string>;
};

const bodyMethods = new Set(['post', 'put', 'patch', 'delete']);
/** Who makes the allowed calls by default: the widest role allowed, which custom access checks let through most. */
const callerPreference: Role[] = ['admin', 'staff', 'technician', 'customer'];
/** A summary is one short sentence; details go in the description. */
const summaryMaxLength = 100;

/** Roles that may call the operation by session (empty: no session is asked for). */
function allowedRoles(operation: Operation): Role[] {
  const sessionWays = (operation.security ?? []).filter((way) => 'bearer' in way);
  if (sessionWays.length === 0) return [];
  const named = sessionWays.flatMap((way) => way.bearer ?? []);
  return named.length > 0 ? roles.filter((role) => named.includes(role)) : [...roles];
}

const sessionRequired = (operation: Operation) => (operation.security ?? []).length > 0 && !operation.security!.some((way) => Object.keys(way).length === 0);

/** Values `schema` refuses, when they are easy to name, the likeliest first. */
function invalidValues(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.enum) return ['not-one-of-the-choices'];
  if (schema.type === 'integer' || schema.type === 'number') return ['not-a-number'];
  if (schema.type !== 'string') return [];
  const values: string[] = [];
  if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
  // Never empty: an empty path value is another path.
  if (schema.minLength !== undefined && schema.minLength > 1) values.push('x'.repeat(schema.minLength - 1));
  if (schema.pattern) values.push(...['~', ' ', '0'].filter((value) => !new RegExp(schema.pattern!, 'u').test(value)).slice(0, 1));
  if (schema.format === 'date' || schema.format === 'date-time') values.push('not-a-date');
  return values;
}

/** A value `schema` refuses, at most `maxLength` characters long (the router's limit, for a path value). */
const invalidValue = (schema: JsonSchema | undefined, maxLength = Infinity) => invalidValues(schema).find((value) => value.length <= maxLength);

type Call = { method: string; url: string; headers?: Record<string, string>; payload?: string };
type Answer = { statusCode: number; body: string };

/**
 * Registers a describe block that builds the service once and checks its OpenAPI document:
 * - Redocly's recommended rules find no error, and no warning but the accepted ones;
 * - every operation has an operationId, a one-sentence summary and tags;
 * - the service serves every path the route table gives it, and documents no path the table gives another service;
 * - every operation answers what it documents, and nothing it does not: with no credentials a 401 exactly when it needs
 *   a session (a bad token a 401 when a session is optional); a session of a role it does not list a 403; invalid
 *   input a 400 in the error shape (and the `invalid` input a fixture names); a path value past the router's limit a
 *   414; a form body a 415; a cookie from a site that is not allowed a 403.
 * Driven by the document alone, so a new route is covered the day it is added.
 */
export function apiDocumentSuite<DB>(options: ApiDocumentSuiteOptions<DB>) {
  describe(`the ${options.service} API document${options.variant ? ` (${options.variant})` : ''}`, () => {
    let service: TestService<DB>;
    let document: ApiDocument;
    let fixtures: Record<string, OperationFixture> = {};

    beforeAll(async () => {
      service = await options.start();
      document = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as ApiDocument;
      fixtures = (await options.fixtures?.(service)) ?? {};
    });
    afterAll(async () => {
      await service?.close();
    });

    const operations = () =>
      Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

    it("passes Redocly's recommended rules: no error, and only the warnings accepted with a reason", async () => {
      const findings = await lintApiDocument(document);
      expect(findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      const accepted = { ...kitAcceptedWarnings, ...options.acceptedWarnings };
      const warnings = findings.filter((finding) => finding.severity === 'warn').map((finding) => `${finding.rule} ${finding.where}`);
      expect(warnings.filter((warning) => !accepted[warning]), 'warnings nobody accepted').toEqual([]);
    });

    it('names, summarises in one short sentence and tags every operation', () => {
      const lacking = operations()
        .filter(({ operation }) => !operation.operationId || !operation.summary?.trim() || operation.summary.length > summaryMaxLength || /\n/.test(operation.summary) || !operation.tags?.length)
        .map(({ method, path, operation }) => `${method.toUpperCase()} ${path}: ${JSON.stringify({ operationId: operation.operationId, summary: operation.summary, tags: operation.tags })}`);
      expect(lacking).toEqual([]);
    });

    it('serves every path the route table gives it, and documents none it gives another service', () => {
      const documented = Object.keys(document.paths);
      const unserved = routeOwnership
        .filter((route) => route.service === options.service)
        .filter((route) => (route.prefix ? !documented.some((path) => path.startsWith(route.path)) : !serves(service.app, route.path)))
        .map((route) => `${route.path}${route.prefix ? '*' : ''}`);
      expect(unserved, 'route table entries of this service that it does not serve').toEqual([]);
      const elsewhere = documented
        .filter((path) => path.startsWith('/api/'))
        .filter((path) => serviceForPath(path.replaceAll(/\{[^}]+\}/g, '1')) !== options.service);
      expect(elsewhere, 'documented paths the gateway sends to another service (or nowhere)').toEqual([]);
    });

    it('answers every operation with the statuses it documents, and no other', async () => {
      const mismatches: string[] = [];
      let calls = 0;
      const maxParamLength = service.app.initialConfig.maxParamLength ?? 100;
      for (const { path, method, operation } of operations()) {
        const declared = new Set(Object.keys(operation.responses).map(Number));
        const fixture = fixtures[operation.operationId ?? ''] ?? {};
        const allowed = allowedRoles(operation);
        const name = `${method.toUpperCase()} ${path}`;
        const pathValues = (override: Record<string, string> = {}) =>
          path.replaceAll(/\{([^}]+)\}/g, (_, param: string) => encodeURIComponent(override[param] ?? fixture.params?.[param] ?? '1'));
        const caller = fixture.as ?? callerPreference.find((role) => allowed.includes(role)) ?? 'anonymous';
        const allowedHeaders = { ...(caller === 'anonymous' ? {} : { authorization: bearerOf(service, caller) }), ...fixture.headers };

        const call = async (label: string, request: Call, expected?: number): Promise<Answer> => {
          const answer = await service.app.inject({ ...request, method: request.method.toUpperCase() as 'GET' });
          calls += 1;
          if (process.env.DEBUG_API_DOC) console.log(name, label, answer.statusCode, expected ?? '');
          if (!declared.has(answer.statusCode)) mismatches.push(`${name} ${label}: answered ${answer.statusCode}, which it does not document (${answer.body})`);
          else if (expected !== undefined && answer.statusCode !== expected) mismatches.push(`${name} ${label}: answered ${answer.statusCode}, not ${expected} (${answer.body})`);
          return answer;
        };

        // With no credentials at all.
        const anonymous = await call('with no credentials', { method, url: pathValues() }, sessionRequired(operation) ? 401 : undefined);
        if (!sessionRequired(operation) && anonymous.statusCode === 401) mismatches.push(`${name}: a caller with no credentials got 401, but it needs no session`);
        if (!sessionRequired(operation) && declared.has(401) && operation.security?.some((way) => 'bearer' in way)) {
          await call('with a bad bearer token', { method, url: pathValues(), headers: { authorization: 'Bearer not-a-session-token' } }, 401);
        }
        // A session of every role it does not allow.
        if (allowed.length > 0 && allowed.length < roles.length) {
          for (const role of roles.filter((role) => !allowed.includes(role))) {
            await call(`as ${role}`, { method, url: pathValues(), headers: { authorization: bearerOf(service, role) } }, 403);
          }
        }
        // Invalid input, from an allowed caller.
        const invalid: [string, Call][] = [];
        for (const parameter of operation.parameters ?? []) {
          const value = invalidValue(parameter.schema, parameter.in === 'path' ? maxParamLength : Infinity);
          // The router refuses a path value past its limit with 414 before any hook, whatever the route's schema says.
          if (parameter.in === 'path') {
            const tooLong = 'x'.repeat(maxParamLength + 1);
            const answer = await call(`with path ${parameter.name} of ${tooLong.length} characters`, { method, url: pathValues({ [parameter.name]: tooLong }), headers: allowedHeaders }, 414);
            if (answer.statusCode === 414) expectErrorShape(mismatches, `${name} with a path value too long`, answer, [errorCodes.badRequest]);
          }
          if (parameter.in === 'path' && value !== undefined) invalid.push([`with path ${parameter.name}=${value}`, { method, url: pathValues({ [parameter.name]: value }), headers: allowedHeaders }]);
          if (parameter.in === 'query' && parameter.required) invalid.push([`without query ${parameter.name}`, { method, url: pathValues(), headers: allowedHeaders }]);
          if (parameter.in === 'query' && value !== undefined) invalid.push([`with query ${parameter.name}=${value}`, { method, url: `${pathValues()}?${new URLSearchParams({ [parameter.name]: value })}`, headers: allowedHeaders }]);
          if (parameter.in === 'header' && value !== undefined) invalid.push([`with header ${parameter.name}=${value}`, { method, url: pathValues(), headers: { ...allowedHeaders, [parameter.name]: value } }]);
        }
        const json = operation.requestBody?.content?.['application/json']?.schema;
        if (json && (json.type === 'object' || json.$ref)) invalid.push(['with a JSON array for its object body', { method, url: pathValues(), headers: { ...allowedHeaders, 'content-type': 'application/json' }, payload: '[]' }]);
        if (bodyMethods.has(method) && declared.has(415)) invalid.push(['with a body that is not valid JSON', { method, url: pathValues(), headers: { ...allowedHeaders, 'content-type': 'application/json' }, payload: '{"unfinished":' }]);
        for (const { label, headers, payload } of fixture.invalid ?? []) invalid.push([label, { method, url: pathValues(), headers: { ...allowedHeaders, ...headers }, payload }]);
        if (declared.has(400) && invalid.length === 0) mismatches.push(`${name}: documents 400, but the test knows no invalid input for it`);
        for (const [label, request] of invalid) {
          const answer = await call(label, request, 400);
          if (answer.statusCode === 400) expectErrorShape(mismatches, `${name} ${label}`, answer, [errorCodes.validation, errorCodes.badRequest]);
        }
        // A body of a type Fastify has no parser for (a form post), then one it reads as a string (GET reads neither).
        const form = await call('with a form body', { method, url: pathValues(), headers: { ...allowedHeaders, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' }, declared.has(415) ? 415 : undefined);
        if (form.statusCode === 415) expectErrorShape(mismatches, `${name} with a form body`, form, [errorCodes.unsupportedMediaType]);
        await call('with a text/plain body', { method, url: pathValues(), headers: { ...allowedHeaders, 'content-type': 'text/plain' }, payload: 'hello' });
        // A session cookie on a state change from a site that is not allowed.
        if (bodyMethods.has(method)) {
          const cookie = caller === 'customer' ? 'session' : 'staff_session';
          const token = caller === 'anonymous' ? 'any' : bearerOf(service, caller).slice('Bearer '.length);
          await call('with a cookie from another site', { method, url: pathValues(), headers: { cookie: `${cookie}=${token}`, origin: 'https://elsewhere.example' } }, 403);
        }
        // The allowed caller, as far as a read goes without input (state changes are left to the service's own tests).
        if (!bodyMethods.has(method)) await call('as an allowed caller', { method, url: pathValues(), headers: allowedHeaders });
      }
      expect(mismatches).toEqual([]);
      // At least the anonymous call and one with a body or a session per operation.
      expect(calls).toBeGreaterThan(2 * operations().length);
    });
  });
}

/**
 * A session token of `role`, for a customer and a technician that exist nowhere. The customer has proven their email,
 * so calls that need a proven contact reach their input too.
 */
function bearerOf(service: Pick<TestService<unknown>, 'bearer'>, role: Role): string {
  return service.bearer({
    sub: `${role}:api-document`,
    role,
    sid: `api-document-session-${role}`,
    ...(role === 'customer' ? { customerId: 999_999_999, email: 'api-document@example.com', emailVerified: true } : {}),
    ...(role === 'technician' ? { technicianId: 'tech_api_document' } : {}),
  });
}

function expectErrorShape(mismatches: string[], label: string, answer: Answer, codes: string[]) {
  let body: { error?: { code?: unknown; message?: unknown } } | undefined;
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    body = undefined;
  }
  const code = body?.error?.code;
  if (typeof code !== 'string' || !codes.includes(code) || typeof body?.error?.message !== 'string' || !body.error.message.trim()) {
    mismatches.push(`${label}: ${answer.statusCode} is not the error shape with code ${codes.join(' or ')} and a message (${answer.body})`);
  }
}

/** Whether the app answers `path` exactly, by any method. */
function serves(app: ServiceApp, path: string): boolean {
  return (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).some((method) => app.hasRoute({ method, url: path }));
}
