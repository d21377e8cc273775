import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { FieldServiceError, type ExternalCustomerRecord, type FieldServiceConnector, type FieldServiceErrorKind } from '../../src/index.ts';
import type { LoggedRequest } from '../../src/sandbox/index.ts';

/** The error a call fails with, checked to be a FieldServiceError of `kind` that names no secret. */
export async function failure(call: Promise<unknown>, kind: FieldServiceErrorKind, secrets: string[] = []): Promise<FieldServiceError> {
  const error = await call.then(
    () => {
      throw new Error(`expected the call to fail with ${kind}`);
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(FieldServiceError);
  const fieldServiceError = error as FieldServiceError;
  expect(fieldServiceError.kind).toBe(kind);
  for (const secret of secrets) expect(fieldServiceError.message).not.toContain(secret);
  return fieldServiceError;
}

/** Every customer of a connector, page by page, with the positions asked for. */
export async function allCustomers(connector: FieldServiceConnector, pageSize: number) {
  const customers = [];
  const positions: (string | null)[] = [];
  let position: string | null = null;
  do {
    positions.push(position);
    const page = await connector.listCustomers(position, pageSize);
    customers.push(...page.customers);
    position = page.next;
  } while (position !== null);
  return { customers, positions };
}

/** Requests to paths matching `path`, in order. */
export const requestsTo = (log: LoggedRequest[], path: RegExp) => log.filter((request) => path.test(request.path));

/** Milliseconds between two logged requests. */
export const gapMs = (earlier: LoggedRequest, later: LoggedRequest) => later.at - earlier.at;

/**
 * A tiny real HTTP server answering fixed JSON per "METHOD /path" (query ignored): for feeding a client the example
 * answers of a system's public documentation. A route given as a function answers what it returns for the request's URL.
 */
export async function fixtureServer(routes: Record<string, unknown>) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const path = url.pathname;
    const key = `${request.method} ${path}`;
    seen.push(key);
    request.resume();
    request.on('end', () => {
      if (!(key in routes)) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"title":"Not Found","status":404}');
        return;
      }
      const route = routes[key];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(typeof route === 'function' ? (route as (url: URL) => unknown)(url) : route));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Demo customer 1 (the example phone, (904) 802-1998) as ServiceTitan and Jobber map it: totals from completed jobs, no
 * preferred technician or notes (neither system keeps them on the customer).
 */
export const robertAlvarez = (externalId: string): ExternalCustomerRecord => ({
  externalId,
  firstName: 'Robert',
  lastName: 'Alvarez',
  email: 'robert.alvarez@example.com',
  phone: '(904) 802-1998',
  address: '212 San Marco Ave',
  city: 'St Augustine',
  state: 'FL',
  zipCode: '32084',
  lastServiceDate: '2025-05-12',
  totalServices: 5,
  totalSpent: '1374.50',
  preferredTechnician: null,
  notes: null,
});
