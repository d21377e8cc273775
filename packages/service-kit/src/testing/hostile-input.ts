import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { expectApiError } from './api-error.ts';
import { waitFor } from './wait.ts';

/* ---------------------------------------------------------------------------------------------------------------
 * Hostile input for service tests (issue 16): the values probing found 500s with, the row counts that prove a
 * refused request stored nothing, and the walk over every documented route that proves authentication comes first.
 * ------------------------------------------------------------------------------------------------------------- */

/** Path or query ids that must not name a row: as sent in a URL (already percent-encoded where needed). */
export const hostileIds = ['%201', '0x10', '1e3', '-1', '0', '01', '2147483648', '99999999999999999999', '%00', '1%00', '%C0%80'] as const;
/** Dates no filter or booking may compute with. */
export const farDates = ['0001-01-01', '9999-12-31', '275760-09-13', '1999-12-31', '2101-01-01'] as const;
/** Text PostgreSQL cannot store as sent: a NUL, and lone surrogates (which UTF-8 cannot carry). */
export const unsafeTexts = ['Ana\u0000Lee', '\u0000', 'Ana\ud800Lee', '\udc00'] as const;
/** Bodies that are not JSON at all, sent as application/json. */
export const malformedJsonBodies = ['{', '{"a":', '[1,', 'nul', '{"a":"\\u00"}', '\u0000'] as const;

/**
 * Rows per table of the test database (the service's tables and its outbox, pg-boss's jobs), so a test can prove a
 * refused request changed nothing stored. The rate-limit counters are left out: every request counts there, refused or
 * not, which is what a limit is for.
 */
export async function rowCounts(db: Kysely<any>): Promise<Record<string, number>> {
  // The relay moves published events from the outbox into pg-boss's queues on its own time: counted only once it has
  // (the outbox is empty), so a move in between two counts is not taken for a change the request made.
  await waitFor('the effects relay to empty the outbox', async () => {
    const { rows } = await sql<{ empty: boolean }>`select to_regclass('effect_outbox') is null or not exists (select 1 from effect_outbox) as empty`.execute(db);
    return rows[0]!.empty;
  }, 30_000, 20);
  const { rows: tables } = await sql<{ name: string }>`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      and (table_schema <> 'pgboss' or table_name = 'job') and table_name <> 'rate_limit_counters'
    order by 1`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ count: string }>`select count(*) as count from ${sql.raw(name)}`.execute(db);
    counts[name] = Number(rows[0]!.count);
  }
  return counts;
}

export type DocumentedRoute = { method: string; url: string; sessionRequired: boolean; hasBody: boolean };

/** Every route of the service's OpenAPI document, with whether it says a session is required (no anonymous option). */
export function documentedRoutes(app: FastifyInstance & { swagger: () => unknown }): DocumentedRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, { security?: object[]; requestBody?: unknown }>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{[^}]+\}/g, '%00'),
      sessionRequired: Boolean(operation.security?.length) && !operation.security!.some((way) => Object.keys(way).length === 0),
      hasBody: operation.requestBody !== undefined,
    })),
  );
}

/**
 * An anonymous request to every documented route with everything else wrong: NUL in each path parameter, far dates,
 * negative pages and NUL in the query, and broken JSON as the body. A route that needs a session must answer 401
 * before it reads any of that (so an anonymous caller learns nothing of its schema).
 */
export async function anonymousHostileRequests(app: FastifyInstance & { swagger: () => unknown }) {
  const answers: { route: DocumentedRoute; status: number; body: string }[] = [];
  for (const route of documentedRoutes(app)) {
    const response = await app.inject({
      method: route.method as 'GET',
      url: `${route.url}?date=0001-01-01&from=9999-12-31&page=-1&pageSize=0x10&id=%00&q=%00&appointment=1e3`,
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { headers: { 'content-type': 'application/json' }, payload: '{"name":"\\u0000",' } : {}),
    });
    answers.push({ route, status: response.statusCode, body: response.body });
  }
  return answers;
}

/**
 * A hostile request: `raw` is sent as it is, as an application/json body (else `payload`); `authorization` is the
 * session header it carries, `remoteAddress` the client it comes from.
 */
export type HostileRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  raw?: string;
  authorization?: string;
  remoteAddress?: string;
};

/** Sends `request` to the service and proves it was refused with `status` in the error shape, with nothing stored changed. */
export async function expectRefused(
  service: { app: FastifyInstance; db: Kysely<any> },
  request: HostileRequest,
  status: number,
  code: string,
  fields?: unknown,
) {
  const before = await rowCounts(service.db);
  const response = await service.app.inject({
    method: request.method,
    url: request.url,
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    headers: {
      ...(request.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(request.authorization ? { authorization: request.authorization } : {}),
    },
    ...(request.raw !== undefined ? { payload: request.raw } : request.payload !== undefined ? { payload: request.payload as object } : {}),
  });
  expectApiError(response, status, code, fields);
  expect(await rowCounts(service.db)).toEqual(before);
  return response;
}
