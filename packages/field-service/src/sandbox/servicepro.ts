/** A local ServicePro: the protocol of ../servicepro/protocol.ts over the demo customers. */
import {
  serviceProLimits,
  serviceProTokenRequestSchema,
  type ServiceProCustomer,
  type ServiceProError,
  type ServiceProVisit,
} from '../servicepro/protocol.ts';
import { centsToDollars, demoCustomer, emailOf, isoDate, phoneDigitsOf, type DemoCustomer, type DemoVisit } from './demo-data.ts';
import { positiveInt, startSandboxServer, tokenStore, type RunningSandbox, type SandboxAnswer, type SandboxTestOptions } from './server.ts';

/** The documented sandbox sign-in (not a secret: README "Field-service connectors and sandboxes"). */
export const serviceProSandboxCredentials = { company: 'st-augustine-appliance', username: 'sandbox', password: 'sandbox-password' } as const;
export const serviceProSandboxCompanyName = 'St Augustine Appliance Repair (sandbox)';

const idPrefix = 'SP-';
const firstId = 100_001;
export const serviceProIdOf = (index: number) => `${idPrefix}${firstId + index}`;

const error = (status: number, code: string, message: string): SandboxAnswer => ({ status, body: { error: { code, message } } satisfies ServiceProError });

export function serviceProCustomerOf(customer: DemoCustomer): ServiceProCustomer {
  return {
    id: serviceProIdOf(customer.index),
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone,
    email: customer.email,
    address: customer.street,
    city: customer.city,
    state: customer.state,
    zipCode: customer.zipCode,
    totalServices: customer.totalServices,
    totalSpent: centsToDollars(customer.totalSpentCents),
    lastServiceDate: customer.lastServiceDate,
    preferredTechnician: customer.preferredTechnician,
    notes: customer.notes,
    serviceHistory: customer.visits
      .filter((visit) => visit.status === 'completed' && visit.completedAt)
      .reverse()
      .slice(0, 10)
      .map((visit) => ({ service: `${visit.serviceType}: ${visit.brand} ${visit.appliance.toLowerCase()}`, date: isoDate(visit.completedAt!), cost: centsToDollars(visit.totalCents ?? 0) })),
  };
}

function serviceProVisitOf(customer: DemoCustomer, visit: DemoVisit): ServiceProVisit {
  return {
    id: `${serviceProIdOf(customer.index)}-V${visit.number + 1}`,
    serviceType: visit.serviceType,
    appliance: visit.appliance,
    brand: visit.brand,
    description: visit.description,
    status: visit.status,
    scheduledStart: visit.start?.toISOString() ?? null,
    scheduledEnd: visit.end?.toISOString() ?? null,
    completedAt: visit.completedAt?.toISOString() ?? null,
    createdAt: visit.createdAt.toISOString(),
    technician: visit.technician,
    technicianNotes: visit.technicianNotes,
    cost: visit.totalCents === null ? null : centsToDollars(visit.totalCents),
    serviceAddress: { street: customer.street, city: customer.city, state: customer.state, zipCode: customer.zipCode },
  };
}

export async function startServiceProSandbox(options: SandboxTestOptions = {}): Promise<RunningSandbox> {
  const count = options.customers ?? 120;
  const now = options.now ?? Date.now();
  const tokens = tokenStore(options.tokenTtlSeconds ?? 3600);
  const indexOf = (id: string) => {
    if (!id.startsWith(idPrefix)) return undefined;
    const index = Number(id.slice(idPrefix.length)) - firstId;
    return Number.isInteger(index) && index >= 0 && index < count ? index : undefined;
  };

  const page = (indexes: number[] | { from: number; to: number }, pageNumber: number, pageSize: number, total: number) => {
    const list = Array.isArray(indexes) ? indexes : Array.from({ length: Math.max(0, indexes.to - indexes.from) }, (_, i) => indexes.from + i);
    return {
      customers: list.map((index) => serviceProCustomerOf(demoCustomer(index, now))),
      page: pageNumber,
      pageSize,
      totalCount: total,
      hasMore: pageNumber * pageSize < total,
    };
  };

  return startSandboxServer(
    {
      expireTokens: () => tokens.expireAll(),
      errorBody: (status) =>
        (status === 429
          ? { error: { code: 'rate_limited', message: 'Too many requests: slow down.' } }
          : { error: { code: 'server_error', message: 'ServicePro is temporarily unavailable.' } }) satisfies ServiceProError,
      wrongShape: (request) => (request.url.pathname === '/auth/token' ? { token: 42 } : { items: [{ name: 'Dana' }], next: 'tomorrow' }),
      handle(request) {
        const { pathname, searchParams } = request.url;
        if (request.method === 'POST' && pathname === '/auth/token') {
          let body: unknown;
          try {
            body = JSON.parse(request.body);
          } catch {
            return error(400, 'invalid_request', 'The body must be JSON with company, username and password.');
          }
          const parsed = serviceProTokenRequestSchema.safeParse(body);
          if (!parsed.success) return error(400, 'invalid_request', 'The body must be JSON with company, username and password.');
          const { company, username, password } = parsed.data;
          const expected = serviceProSandboxCredentials;
          if (company !== expected.company || username !== expected.username || password !== expected.password) {
            return error(401, 'invalid_credentials', 'Company, username or password is incorrect.');
          }
          return { status: 200, body: { accessToken: tokens.issue('sp'), expiresIn: tokens.ttlSeconds, companyName: serviceProSandboxCompanyName } };
        }
        if (request.method !== 'GET') return error(405, 'method_not_allowed', 'Only GET is supported here.');
        const auth = tokens.check(request.headers.authorization);
        if (auth === 'unknown') return error(401, 'invalid_token', 'Sign in at /auth/token and send the access token as a bearer token.');
        if (auth === 'expired') return error(401, 'token_expired', 'The access token has expired: sign in again.');

        if (pathname === '/customers') {
          const pageNumber = positiveInt(searchParams.get('page'), 1);
          const pageSize = positiveInt(searchParams.get('pageSize'), serviceProLimits.defaultPageSize);
          if (pageNumber === undefined || pageSize === undefined || pageSize > serviceProLimits.maxPageSize) {
            return error(400, 'invalid_request', `page must be 1 or more and pageSize between 1 and ${serviceProLimits.maxPageSize}.`);
          }
          const phone = searchParams.get('phone');
          const email = searchParams.get('email');
          if (phone !== null || email !== null) {
            const digits = phone?.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
            const wanted = email?.trim().toLowerCase();
            const matches: number[] = [];
            // Phones and emails come from the index alone, so a search over 50,000 customers builds none of them.
            for (let index = 0; index < count; index++) {
              if (digits !== undefined && phoneDigitsOf(index) !== digits) continue;
              if (wanted !== undefined && emailOf(index) !== wanted) continue;
              matches.push(index);
            }
            const from = (pageNumber - 1) * pageSize;
            return { status: 200, body: page(matches.slice(from, from + pageSize), pageNumber, pageSize, matches.length) };
          }
          const from = Math.min((pageNumber - 1) * pageSize, count);
          return { status: 200, body: page({ from, to: Math.min(from + pageSize, count) }, pageNumber, pageSize, count) };
        }
        const match = /^\/customers\/([^/]+)(\/service-history)?$/.exec(pathname);
        const index = match ? indexOf(decodeURIComponent(match[1]!)) : undefined;
        if (!match) return error(404, 'not_found', 'No such path.');
        if (index === undefined) return error(404, 'not_found', 'No customer has this id.');
        const customer = demoCustomer(index, now);
        if (!match[2]) return { status: 200, body: serviceProCustomerOf(customer) };
        const pageNumber = positiveInt(searchParams.get('page'), 1);
        const pageSize = positiveInt(searchParams.get('pageSize'), serviceProLimits.defaultPageSize);
        if (pageNumber === undefined || pageSize === undefined || pageSize > serviceProLimits.maxPageSize) {
          return error(400, 'invalid_request', `page must be 1 or more and pageSize between 1 and ${serviceProLimits.maxPageSize}.`);
        }
        const from = (pageNumber - 1) * pageSize;
        return {
          status: 200,
          body: {
            visits: customer.visits.slice(from, from + pageSize).map((visit) => serviceProVisitOf(customer, visit)),
            page: pageNumber,
            pageSize,
            totalCount: customer.visits.length,
            hasMore: from + pageSize < customer.visits.length,
          },
        };
      },
    },
    options,
  );
}
