/** A local Jobber: its GraphQL API (clients, jobs, visits, account) over the demo customers, with query-cost throttling. */
import { demoCustomer, demoTechnicians, emailOf, namesOf, phoneDigitsOf, type DemoCustomer, type DemoVisit } from './demo-data.ts';
import { execute, GraphQLFieldError, GraphQLSyntaxError, parseDocument, queryCost, type GraphObject } from './graphql.ts';
import { startSandboxServer, tokenStore, type RunningSandbox, type SandboxAnswer, type SandboxTestOptions } from './server.ts';

/** The documented sandbox access token (not a secret: README "Field-service connectors and sandboxes"). */
export const jobberSandboxCredentials = { apiKey: 'sandbox-access-token' } as const;
/** The sandbox app's OAuth settings, for renewing access tokens with the refresh token (documented too). */
export const jobberSandboxOAuth = { clientId: 'jobber-sandbox-client', clientSecret: 'jobber-sandbox-secret', refreshToken: 'sandbox-refresh-token' } as const;
export const jobberSandboxAccountName = 'St Augustine Appliance Repair (sandbox)';

export type JobberSandboxOptions = SandboxTestOptions & {
  /** The query-cost bucket (Jobber documents 10,000 points restored at 500 a second); false turns throttling off. */
  throttle?: { maximumAvailable: number; restoreRate: number } | false;
  /** What the bucket's restoring counts time with (milliseconds; Date.now by default), so a test can hold it still. */
  throttleClock?: () => number;
  /**
   * Refresh-token rotation, on by default as at Jobber: each renewal answers a new refresh token and refuses the one it
   * was given from then on. False: the refresh token stays the same (apps that turned rotation off).
   */
  rotateRefreshTokens?: boolean;
};

const encode = (type: string, id: number) => Buffer.from(`gid://Jobber/${type}/${id}`).toString('base64');
const decode = (type: string, value: unknown): number | undefined => {
  if (typeof value !== 'string') return undefined;
  const match = new RegExp(`^gid://Jobber/${type}/(\\d+)$`).exec(Buffer.from(value, 'base64').toString('utf8'));
  return match ? Number(match[1]) : undefined;
};
const clientNumber = (index: number) => 500_000 + index;
const jobNumber = (index: number, visit: number) => 9_000_000 + index * 8 + visit;
export const jobberIdOf = (index: number) => encode('Client', clientNumber(index));

const cursorOf = (position: number) => Buffer.from(String(position + 1)).toString('base64url');
const positionAfter = (cursor: unknown): number => {
  if (typeof cursor !== 'string' || cursor === '') return 0;
  const value = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  return Number.isInteger(value) && value > 0 ? value : 0;
};

/** A Relay connection over `total` items made by `itemAt`, paged by first/after (at most 100 nodes, as Jobber does). */
function connection(typename: string, total: number, itemAt: (position: number) => GraphObject, args: Record<string, unknown>): GraphObject {
  const first = Math.min(Math.max(Number(args.first ?? 100) || 0, 0), 100);
  const from = Math.min(positionAfter(args.after), total);
  const to = Math.min(from + first, total);
  const nodes = Array.from({ length: to - from }, (_, offset) => itemAt(from + offset));
  return {
    __typename: typename,
    nodes,
    edges: nodes.map((node, offset) => ({ __typename: `${typename.replace(/Connection$/, '')}Edge`, node, cursor: cursorOf(from + offset) })),
    pageInfo: { __typename: 'PageInfo', hasNextPage: to < total, hasPreviousPage: from > 0, startCursor: nodes.length ? cursorOf(from) : null, endCursor: nodes.length ? cursorOf(to - 1) : null },
    totalCount: total,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const dollars = (cents: number | null) => (cents ?? 0) / 100;

function visitStatus(visit: DemoVisit, now: number): string {
  if (visit.status === 'completed') return 'COMPLETED';
  if (visit.status === 'in-progress') return 'ACTIVE';
  if (!visit.start) return 'UNSCHEDULED';
  if (visit.end && visit.end.getTime() < now) return 'LATE';
  return new Date(now).toISOString().slice(0, 10) === visit.start.toISOString().slice(0, 10) ? 'TODAY' : 'UPCOMING';
}

function addressOf(customer: DemoCustomer, typename: string): GraphObject {
  return { __typename: typename, street: customer.street, street1: customer.street, street2: '', city: customer.city, province: customer.state, postalCode: customer.zipCode, country: 'United States' };
}

function userOf(name: string): GraphObject {
  const [first, ...rest] = name.split(' ');
  return { __typename: 'User', id: encode('User', demoTechnicians.indexOf(name as (typeof demoTechnicians)[number]) + 1), name: { __typename: 'Name', first, last: rest.join(' '), full: name } };
}

function visitOf(customer: DemoCustomer, visit: DemoVisit, now: number): GraphObject {
  return {
    __typename: 'Visit',
    id: encode('Visit', jobNumber(customer.index, visit.number)),
    title: `${visit.serviceType}: ${visit.brand} ${visit.appliance.toLowerCase()}`,
    visitStatus: visitStatus(visit, now),
    isComplete: visit.status === 'completed',
    allDay: false,
    startAt: iso(visit.start),
    endAt: iso(visit.end),
    completedAt: iso(visit.completedAt),
    createdAt: visit.createdAt.toISOString(),
    instructions: null,
    assignedUsers: (args: Record<string, unknown>) => {
      const users = visit.technician ? [userOf(visit.technician)] : [];
      return connection('UserConnection', users.length, (position) => users[position]!, args);
    },
  };
}

/** Jobber keeps no cancelled visits (they are deleted), so a cancelled demo visit has no job here. */
const jobberVisits = (customer: DemoCustomer) => customer.visits.filter((visit) => visit.status !== 'cancelled');

function jobOf(customer: DemoCustomer, visit: DemoVisit, now: number): GraphObject {
  const text = (label: string, valueText: string) => ({ __typename: 'CustomFieldText', label, valueText });
  return {
    __typename: 'Job',
    id: encode('Job', jobNumber(customer.index, visit.number)),
    jobNumber: jobNumber(customer.index, visit.number) - 9_000_000 + 1_000,
    title: visit.description,
    instructions: null,
    jobStatus: visit.status === 'completed' ? 'archived' : 'upcoming',
    jobType: 'ONE_OFF',
    total: dollars(visit.totalCents),
    createdAt: visit.createdAt.toISOString(),
    updatedAt: (visit.completedAt ?? visit.createdAt).toISOString(),
    startAt: iso(visit.start),
    endAt: iso(visit.end),
    completedAt: iso(visit.completedAt),
    property: { __typename: 'Property', id: encode('Property', clientNumber(customer.index)), address: addressOf(customer, 'PropertyAddress') },
    customFields: [text('Service Type', visit.serviceType), text('Appliance', visit.appliance), text('Brand', visit.brand)],
    notes: (args: Record<string, unknown>) => {
      const notes: GraphObject[] = visit.technicianNotes
        ? [{ __typename: 'JobNote', id: encode('JobNote', jobNumber(customer.index, visit.number)), message: visit.technicianNotes, createdAt: (visit.completedAt ?? visit.createdAt).toISOString() }]
        : [];
      return connection('JobNoteUnionConnection', notes.length, (position) => notes[position]!, args);
    },
    visits: (args: Record<string, unknown>) => connection('VisitConnection', 1, () => visitOf(customer, visit, now), args),
  };
}

function clientOf(customer: DemoCustomer, now: number): GraphObject {
  const jobs = jobberVisits(customer);
  return {
    __typename: 'Client',
    id: jobberIdOf(customer.index),
    firstName: customer.firstName,
    lastName: customer.lastName,
    name: `${customer.firstName} ${customer.lastName}`,
    companyName: null,
    isCompany: false,
    isLead: false,
    isArchived: false,
    balance: 0,
    title: null,
    emails: customer.email ? [{ __typename: 'Email', id: encode('Email', clientNumber(customer.index)), address: customer.email, primary: true, description: 'MAIN' }] : [],
    phones: [{ __typename: 'ClientPhoneNumber', id: encode('ClientPhoneNumber', clientNumber(customer.index)), number: customer.phone, primary: true, description: 'MAIN', smsAllowed: false }],
    billingAddress: addressOf(customer, 'ClientAddress'),
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.createdAt.toISOString(),
    jobs: (args: Record<string, unknown>) => connection('JobConnection', jobs.length, (position) => jobOf(customer, jobs[position]!, now), args),
  };
}

/** Jobber's search term over name, email and phone (digits compared when the term is mostly digits). */
function matches(index: number, term: string): boolean {
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 7 && /^[\d\s().+-]+$/.test(term)) return phoneDigitsOf(index).includes(digits.replace(/^1(?=\d{10}$)/, ''));
  const lower = term.toLowerCase();
  const { firstName, lastName } = namesOf(index);
  return `${firstName} ${lastName}`.toLowerCase().includes(lower) || (emailOf(index)?.includes(lower) ?? false);
}

export async function startJobberSandbox(options: JobberSandboxOptions = {}): Promise<RunningSandbox> {
  const count = options.customers ?? 120;
  const now = options.now ?? Date.now();
  const throttle = options.throttle === false ? undefined : (options.throttle ?? { maximumAvailable: 10_000, restoreRate: 500 });
  let available = throttle?.maximumAvailable ?? 0;
  // The documented access token stays valid until a test expires it; renewed ones last tokenTtlSeconds.
  let fixedTokenValid = true;
  const tokens = tokenStore(options.tokenTtlSeconds ?? 3600);
  const authorised = (header: string | undefined) => (fixedTokenValid && header === `Bearer ${jobberSandboxCredentials.apiKey}`) || tokens.check(header) === 'ok';
  const clock = options.throttleClock ?? Date.now;
  let restoredAt = clock();
  const customerAt = (index: number) => demoCustomer(index, now);

  const root: GraphObject = {
    __typename: 'Query',
    account: { __typename: 'Account', id: encode('Account', 1), name: jobberSandboxAccountName, phone: '(904) 555-0100', createdAt: '2019-05-01T12:00:00Z' },
    clients: (args: Record<string, unknown>) => {
      const term = typeof args.searchTerm === 'string' ? args.searchTerm.trim() : '';
      if (!term) return connection('ClientConnection', count, (position) => clientOf(customerAt(position), now), args);
      const found: number[] = [];
      for (let index = 0; index < count; index++) if (matches(index, term)) found.push(index);
      return connection('ClientConnection', found.length, (position) => clientOf(customerAt(found[position]!), now), args);
    },
    client: (args: Record<string, unknown>) => {
      const number = decode('Client', args.id);
      const index = number === undefined ? -1 : number - clientNumber(0);
      return index >= 0 && index < count ? clientOf(customerAt(index), now) : null;
    },
    job: (args: Record<string, unknown>) => {
      const number = decode('Job', args.id);
      if (number === undefined) return null;
      const offset = number - 9_000_000;
      const index = Math.floor(offset / 8);
      const customer = offset >= 0 && index < count ? customerAt(index) : undefined;
      const visit = customer && jobberVisits(customer).find((candidate) => candidate.number === offset % 8);
      return customer && visit ? jobOf(customer, visit, now) : null;
    },
  };

  const costBlock = (requested: number, actual: number) => ({
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: { maximumAvailable: throttle?.maximumAvailable ?? 10_000, currentlyAvailable: Math.floor(throttle ? available : 10_000), restoreRate: throttle?.restoreRate ?? 500 },
  });

  // The refresh tokens Jobber would accept now: the documented one, and those issued since; a rotated-out one is gone.
  const rotate = options.rotateRefreshTokens ?? true;
  const refreshTokens = new Set<string>([jobberSandboxOAuth.refreshToken]);
  // Authorization codes not yet exchanged, with the redirect URI they were issued for (single use, ten minutes).
  const codes = new Map<string, { redirectUri: string; expiresAt: number }>();

  /**
   * Jobber's consent page, played without a person: a known client id is redirected straight back to its
   * redirect_uri with a new code and the state it sent; anything else gets the error page Jobber shows.
   */
  const authorize = (query: URLSearchParams): SandboxAnswer => {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== jobberSandboxOAuth.clientId) return { status: 400, body: '<html><body>Unknown client_id</body></html>' };
    if (!redirectUri || !URL.canParse(redirectUri)) return { status: 400, body: '<html><body>A redirect_uri is required</body></html>' };
    if (query.get('response_type') !== 'code') return { status: 400, body: '<html><body>response_type must be code</body></html>' };
    const code = `code.${crypto.randomUUID()}`;
    codes.set(code, { redirectUri, expiresAt: Date.now() + 600_000 });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    return { status: 302, body: undefined, headers: { location: back.toString() } };
  };

  const issueTokens = (): SandboxAnswer => {
    const refreshToken = tokens.issue('jobber-refresh');
    refreshTokens.add(refreshToken);
    return { status: 200, body: { access_token: tokens.issue('jobber'), refresh_token: refreshToken } };
  };

  /** The token endpoint: an authorization code exchanged once, or a refresh token renewed (and rotated out). */
  const token = (form: URLSearchParams): SandboxAnswer => {
    if (form.get('client_id') !== jobberSandboxOAuth.clientId || form.get('client_secret') !== jobberSandboxOAuth.clientSecret) return { status: 401, body: { error: 'invalid_client' } };
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < Date.now() || code.redirectUri !== form.get('redirect_uri')) return { status: 400, body: { error: 'invalid_grant' } };
      return issueTokens();
    }
    if (grant !== 'refresh_token') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const given = form.get('refresh_token') ?? '';
    if (!refreshTokens.has(given)) return { status: 400, body: { error: 'invalid_grant' } };
    if (!rotate) return { status: 200, body: { access_token: tokens.issue('jobber'), refresh_token: given } };
    refreshTokens.delete(given);
    return issueTokens();
  };

  const graphqlError = (message: string, code: string, path?: (string | number)[]): SandboxAnswer => ({ status: 200, body: { errors: [{ message, ...(path ? { path } : {}), extensions: { code } }] } });

  return startSandboxServer(
    {
      expireTokens: () => {
        fixedTokenValid = false;
        tokens.expireAll();
      },
      errorBody: (status) => (status === 429 ? 'Retry later\n' : { errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
      wrongShape: () => ({ data: { clients: { edges: 'none', pageInfo: null } } }),
      handle(request) {
        if (request.url.pathname === '/api/oauth/authorize' && request.method === 'GET') return authorize(request.url.searchParams);
        if (request.url.pathname === '/api/oauth/token' && request.method === 'POST') return token(new URLSearchParams(request.body));
        if (request.url.pathname !== '/api/graphql') return { status: 404, body: { error: 'Not Found' } };
        if (request.method !== 'POST') return { status: 405, body: { error: 'Use POST' } };
        if (!authorised(request.headers.authorization)) return { status: 401, body: { message: 'invalid_request' } };
        if (!String(request.headers['content-type'] ?? '').includes('application/json')) return { status: 415, body: { error: 'Requests must be application/json' } };
        let body: { query?: unknown; variables?: unknown; operationName?: unknown };
        try {
          body = JSON.parse(request.body) as typeof body;
        } catch {
          return graphqlError('The body is not valid JSON', 'PARSE_ERROR');
        }
        if (typeof body.query !== 'string') return graphqlError('No query string was present', 'PARSE_ERROR');
        const variables = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
        let operation;
        try {
          const operations = parseDocument(body.query);
          operation = typeof body.operationName === 'string' ? operations.find((candidate) => candidate.name === body.operationName) : operations[0];
          if (!operation || (operations.length > 1 && typeof body.operationName !== 'string')) return graphqlError('An operation name is required and must match one query', 'PARSE_ERROR');
        } catch (err) {
          if (err instanceof GraphQLSyntaxError) return graphqlError(err.message, 'PARSE_ERROR');
          throw err;
        }
        const values: Record<string, unknown> = {};
        for (const [name, definition] of Object.entries(operation.variables)) {
          const value = variables[name] ?? definition.defaultValue ?? null;
          if (value === null && definition.type.endsWith('!')) return graphqlError(`Variable $${name} of type ${definition.type} was provided invalid value`, 'variableMismatch');
          values[name] = value;
        }

        const requested = queryCost(operation.selections, values);
        if (throttle) {
          const current = clock();
          available = Math.min(throttle.maximumAvailable, available + ((current - restoredAt) / 1000) * throttle.restoreRate);
          restoredAt = current;
          if (requested > available) {
            return {
              status: 200,
              body: {
                errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://developer.getjobber.com/docs/using_jobbers_api/api_rate_limits' } }],
                extensions: { cost: costBlock(requested, 0) },
              },
            };
          }
        }
        try {
          const data = execute(operation.selections, root, values);
          if (throttle) available -= requested;
          return { status: 200, body: { data, extensions: { cost: costBlock(requested, requested) } } };
        } catch (err) {
          if (err instanceof GraphQLFieldError) return graphqlError(err.message, 'undefinedField', err.path);
          throw err;
        }
      },
    },
    options,
  );
}
