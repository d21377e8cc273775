import type { z } from 'zod';
import type { ConnectorOptions, ExternalCustomerRecord, ExternalVisit, FieldServiceConnector, VisitStatus } from '../connector.ts';
import { clampPageSize, createHttpClient, credentialsMessage, dollars, HttpStatusError, type HttpClient } from '../http.ts';
import { mapLimit } from '../map-limit.ts';
import { phoneDigits } from '../phone.ts';
import {
  jobberAccountDataSchema,
  jobberAnswer,
  jobberClientDataSchema,
  jobberClientJobTotalsDataSchema,
  jobberClientsDataSchema,
  jobberClientVisitsDataSchema,
  jobberJobVisitsDataSchema,
  jobberLimits,
  jobberQueries,
  jobberTokenSchema,
  type JobberClient,
  type JobberJob,
  type JobberVisit,
} from './protocol.ts';

/**
 * The access token (the apiKey credential) and, optionally, what renews it when it expires: the app's client id and
 * secret and the refresh token of the same authorisation. With `tokens`, the tokens live outside the connector (the
 * accounts service keeps them in its database) and `apiKey` and the refresh settings are not used.
 */
export type JobberCredentials = { apiKey: string; clientId?: string; clientSecret?: string; refreshToken?: string; tokens?: JobberTokenSource };

/**
 * Tokens kept where every instance and restart sees them. `accessToken` is the one to send; `renew` is called after
 * `refused` was answered 401 and gives the access token to try next (one another caller or instance got already, or a
 * new one), or null when nothing can renew it.
 */
export type JobberTokenSource = {
  accessToken(): Promise<string>;
  renew(refused: string): Promise<string | null>;
};

/** The Jobber app's OAuth settings: its client id and secret, and Jobber's token endpoint. */
export type JobberApp = { clientId: string; clientSecret: string; tokenUrl: string };
export type JobberTokens = { accessToken: string; refreshToken: string | null };
export type JobberGrant = { grant_type: 'refresh_token'; refresh_token: string } | { grant_type: 'authorization_code'; code: string; redirect_uri: string };

/**
 * Tokens from Jobber's token endpoint: a refresh token renewed (with rotation on, the answer's refresh token replaces
 * the one sent, which Jobber refuses from then on) or an authorization code exchanged. A refused grant or client fails
 * as 'credentials'; slow, garbage or huge answers fail like every other call (timeout, body cap).
 */
export async function requestJobberTokens(app: JobberApp, grant: JobberGrant, options: ConnectorOptions = {}): Promise<JobberTokens> {
  const http = createHttpClient('jobber', { ...options, maxBodyBytes: options.maxBodyBytes ?? 64 * 1024 });
  return jobberTokens(http, app, grant);
}

async function jobberTokens(http: HttpClient, app: JobberApp, grant: JobberGrant): Promise<JobberTokens> {
  try {
    const { data } = await http.send(
      {
        method: 'POST',
        url: app.tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, ...grant }).toString(),
        schema: jobberTokenSchema,
        what: grant.grant_type === 'refresh_token' ? 'the access token renewal' : 'the authorization code exchange',
      },
      [400],
    );
    return { accessToken: data.access_token, refreshToken: data.refresh_token ?? (grant.grant_type === 'refresh_token' ? grant.refresh_token : null) };
  } catch (err) {
    if (err instanceof HttpStatusError) {
      const message =
        grant.grant_type === 'refresh_token'
          ? 'Jobber refused the refresh token (it was revoked, rotated out or belongs to another app): connect Jobber again from the back office.'
          : 'Jobber refused the authorization code (it expired or was used already): connect Jobber again.';
      throw http.fail('credentials', message, err);
    }
    throw err;
  }
}

/** Codes Jobber (and GraphQL servers generally) use for a token that may not read the data. */
const refusedCodes = new Set(['UNAUTHENTICATED', 'UNAUTHORIZED', 'ACCESS_DENIED', 'FORBIDDEN']);

type GraphQLAnswer = {
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: { requestedQueryCost: number; throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } } };
};

const throttled = (answer: GraphQLAnswer | null) => Boolean(answer?.errors?.some((error) => error.extensions?.code === 'THROTTLED'));
/** A query that costs more than the bucket ever holds: waiting never helps. */
const beyondMaximum = (answer: GraphQLAnswer | null) => {
  const cost = answer?.extensions?.cost;
  return Boolean(cost && cost.requestedQueryCost > cost.throttleStatus.maximumAvailable);
};

/**
 * How long a THROTTLED answer asks us to wait: until enough points are restored for the query, (requested −
 * available) / restoreRate seconds, with a little margin. Undefined for any other answer, and for a query that costs
 * more than the maximum (it never resolves).
 */
export function throttleWaitMs(body: unknown): number | undefined {
  const answer = body as GraphQLAnswer | null;
  if (!throttled(answer) || beyondMaximum(answer)) return undefined;
  const cost = answer!.extensions?.cost;
  if (!cost || cost.throttleStatus.restoreRate <= 0) return 1000;
  const missing = Math.max(0, cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable);
  return Math.ceil((missing / cost.throttleStatus.restoreRate) * 1000) + 50;
}

const visitStatus = (status: string): VisitStatus => (status === 'COMPLETED' ? 'completed' : status === 'ACTIVE' ? 'in-progress' : 'scheduled');

const customField = (job: JobberJob, label: string) => job.customFields.find((field) => field.label?.trim().toLowerCase() === label)?.valueText?.trim() || null;

/**
 * Tokens held by this connector alone (the environment's JOBBER_API_KEY and JOBBER_REFRESH_TOKEN): renewed once for
 * concurrent 401s, the rotated refresh token kept for the next renewal. Nothing renews without the refresh settings.
 */
function memoryTokens(http: HttpClient, credentials: JobberCredentials, tokenUrl: string | undefined): JobberTokenSource {
  let accessToken = credentials.apiKey;
  let refreshToken = credentials.refreshToken;
  const { clientId, clientSecret } = credentials;
  let renewing: Promise<string> | undefined;
  return {
    accessToken: async () => accessToken,
    renew: async (refused) => {
      if (!clientId || !clientSecret || !refreshToken || !tokenUrl) return null;
      if (refused !== accessToken) return accessToken;
      renewing ??= jobberTokens(http, { clientId, clientSecret, tokenUrl }, { grant_type: 'refresh_token', refresh_token: refreshToken })
        .then((answer) => {
          accessToken = answer.accessToken;
          refreshToken = answer.refreshToken ?? refreshToken;
          return accessToken;
        })
        .finally(() => {
          renewing = undefined;
        });
      return renewing;
    },
  };
}

export function createJobberConnector(credentials: JobberCredentials, urls: { api: string; version: string; oauth?: string }, options: ConnectorOptions = {}): FieldServiceConnector {
  const http = createHttpClient('jobber', options);
  const tokens = credentials.tokens ?? memoryTokens(http, credentials, urls.oauth);

  async function query<T>(document: string, variables: Record<string, unknown>, data: z.ZodType<T>, what: string, signal?: AbortSignal): Promise<T> {
    const operationName = /query (\w+)/.exec(document)?.[1];
    // The access token this request was sent with, so a 401 renews from the token that was refused.
    let sent = '';
    const { data: answer } = await http.send({
      method: 'POST',
      url: urls.api,
      headers: { 'content-type': 'application/json', 'x-jobber-graphql-version': urls.version },
      body: JSON.stringify({ query: document, variables, operationName }),
      schema: jobberAnswer(data),
      what,
      signal,
      auth: async () => {
        sent = await tokens.accessToken();
        return { authorization: `Bearer ${sent}` };
      },
      onUnauthorized: async () => (await tokens.renew(sent)) !== null,
      retryAfter: throttleWaitMs,
    });
    if (answer.errors?.length) {
      if (throttled(answer as GraphQLAnswer) && beyondMaximum(answer as GraphQLAnswer)) {
        throw http.fail('unavailable', `Jobber refused the query for ${what}: it costs more points than Jobber ever allows at once.`);
      }
      const refused = answer.errors.some((error) => refusedCodes.has(error.extensions?.code ?? ''));
      if (refused) throw http.fail('credentials', credentialsMessage('jobber'));
      throw http.fail('unavailable', `Jobber could not answer the query for ${what}: ${answer.errors[0]!.message}`);
    }
    if (answer.data === undefined || answer.data === null) throw http.fail('malformed', `Jobber sent no data for ${what}.`);
    return answer.data;
  }

  /** Every job total of a client, when the client query's first jobs were not all of them. */
  async function jobTotals(client: JobberClient, signal?: AbortSignal) {
    if (client.jobs.totalCount <= client.jobs.nodes.length) return client.jobs.nodes;
    const totals: JobberClient['jobs']['nodes'] = [];
    let after: string | null = null;
    for (;;) {
      const data: z.infer<typeof jobberClientJobTotalsDataSchema> = await query(jobberQueries.clientJobTotals, { id: client.id, after }, jobberClientJobTotalsDataSchema, "the client's jobs", signal);
      if (!data.client) return client.jobs.nodes;
      totals.push(...data.client.jobs.nodes);
      if (!data.client.jobs.pageInfo.hasNextPage || !data.client.jobs.pageInfo.endCursor) return totals;
      after = data.client.jobs.pageInfo.endCursor;
    }
  }

  async function toRecord(client: JobberClient, signal?: AbortSignal): Promise<ExternalCustomerRecord> {
    const completed = (await jobTotals(client, signal)).filter((job) => job.completedAt);
    const lastCompleted = completed.map((job) => Date.parse(job.completedAt!)).sort((a, b) => a - b).at(-1);
    const email = client.emails.find((entry) => entry.primary) ?? client.emails[0];
    const phone = client.phones.find((entry) => entry.primary) ?? client.phones[0];
    const billing = client.billingAddress;
    const company = client.companyName?.trim();
    const unnamed = !client.firstName.trim() && !client.lastName.trim();
    return {
      externalId: client.id,
      firstName: unnamed && company ? company : client.firstName,
      lastName: client.lastName,
      email: email?.address ?? null,
      phone: phone?.number ?? '',
      address: [billing?.street1, billing?.street2].filter(Boolean).join(' '),
      city: billing?.city ?? '',
      state: billing?.province ?? '',
      zipCode: billing?.postalCode ?? '',
      lastServiceDate: lastCompleted === undefined ? null : new Date(lastCompleted).toISOString().slice(0, 10),
      totalServices: completed.length,
      totalSpent: dollars(completed.reduce((sum, job) => sum + Math.round(job.total * 100), 0) / 100),
      // Jobber has no preferred technician; client notes are a separate connection we do not import.
      preferredTechnician: null,
      notes: null,
    };
  }

  async function search(searchTerm: string, what: string): Promise<JobberClient[]> {
    const found: JobberClient[] = [];
    let after: string | null = null;
    for (;;) {
      const data: z.infer<typeof jobberClientsDataSchema> = await query(jobberQueries.clients, { first: jobberLimits.maxPageSize, after, searchTerm }, jobberClientsDataSchema, what);
      found.push(...data.clients.nodes);
      if (!data.clients.pageInfo.hasNextPage || !data.clients.pageInfo.endCursor) return found;
      after = data.clients.pageInfo.endCursor;
    }
  }

  async function visitsOfJob(job: JobberJob): Promise<JobberVisit[]> {
    if (!job.visits.pageInfo.hasNextPage) return job.visits.nodes;
    const visits: JobberVisit[] = [];
    let after: string | null = null;
    for (;;) {
      const data: z.infer<typeof jobberJobVisitsDataSchema> = await query(jobberQueries.jobVisits, { id: job.id, after }, jobberJobVisitsDataSchema, "the job's visits");
      if (!data.job) return job.visits.nodes;
      visits.push(...data.job.visits.nodes);
      if (!data.job.visits.pageInfo.hasNextPage || !data.job.visits.pageInfo.endCursor) return visits;
      after = data.job.visits.pageInfo.endCursor;
    }
  }

  return {
    system: 'jobber',
    async accountName() {
      return (await query(jobberQueries.account, {}, jobberAccountDataSchema, 'the account')).account.name;
    },
    async listCustomers(position, pageSize, signal) {
      const first = clampPageSize(pageSize, jobberLimits.maxPageSize);
      const data = await query(jobberQueries.clients, { first, after: position }, jobberClientsDataSchema, 'the client list', signal);
      const { nodes, pageInfo, totalCount } = data.clients;
      // A connection never answers more nodes than `first`: a page far over it is refused before anything uses it.
      if (nodes.length > first) throw http.fail('malformed', `Jobber sent ${nodes.length} clients for a page of ${first} (the client list).`);
      return {
        customers: await mapLimit(nodes, 4, (client) => toRecord(client, signal)),
        next: pageInfo.hasNextPage && pageInfo.endCursor ? pageInfo.endCursor : null,
        total: totalCount ?? null,
      };
    },
    async findCustomersByPhone(digits) {
      const clients = await search(digits, 'the phone search');
      const matching = clients.filter((client) => client.phones.some((phone) => phoneDigits(phone.number) === digits));
      return mapLimit(matching, 4, (client) => toRecord(client));
    },
    async findCustomersByEmail(email) {
      const wanted = email.trim().toLowerCase();
      const clients = await search(wanted, 'the email search');
      const matching = clients.filter((client) => client.emails.some((entry) => entry.address.trim().toLowerCase() === wanted));
      return mapLimit(matching, 4, (client) => toRecord(client));
    },
    async getCustomer(externalId) {
      const data = await query(jobberQueries.client, { id: externalId }, jobberClientDataSchema, 'the client');
      return data.client ? toRecord(data.client) : null;
    },
    async listVisits(externalId) {
      const visits: ExternalVisit[] = [];
      let after: string | null = null;
      for (;;) {
        const data: z.infer<typeof jobberClientVisitsDataSchema> = await query(jobberQueries.clientVisits, { id: externalId, after }, jobberClientVisitsDataSchema, "the client's visits");
        if (!data.client) throw http.fail('not-found', `Jobber has no client ${externalId}.`);
        for (const job of data.client.jobs.nodes) {
          const jobVisits = (await visitsOfJob(job)).slice().sort((a, b) => Date.parse(a.startAt ?? a.createdAt) - Date.parse(b.startAt ?? b.createdAt));
          const notes = (job.notes?.nodes ?? []).map((note) => note.message?.trim()).filter(Boolean).join('\n');
          const place = job.property?.address;
          jobVisits.forEach((visit, position) => {
            const last = position === jobVisits.length - 1;
            const names = visit.assignedUsers?.nodes.map((user) => user.name.full) ?? [];
            visits.push({
              externalId: visit.id,
              serviceType: customField(job, 'service type') ?? 'Service',
              appliance: customField(job, 'appliance'),
              brand: customField(job, 'brand'),
              description: job.title?.trim() || visit.title?.trim() || null,
              status: visitStatus(visit.visitStatus),
              scheduledStart: visit.startAt,
              scheduledEnd: visit.endAt,
              completedAt: visit.completedAt,
              createdAt: visit.createdAt,
              technicianName: names.length ? names.join(', ') : null,
              technicianNotes: last && notes ? notes : null,
              // A job is invoiced as a whole: its total goes with its last visit once the job is completed.
              total: last && job.completedAt ? dollars(job.total) : null,
              address: place
                ? { street: [place.street1, place.street2].filter(Boolean).join(' '), city: place.city ?? '', state: place.province ?? '', zipCode: place.postalCode ?? '' }
                : null,
            });
          });
        }
        const { pageInfo } = data.client.jobs;
        if (!pageInfo.hasNextPage || !pageInfo.endCursor) break;
        after = pageInfo.endCursor;
      }
      return visits.sort((a, b) => Date.parse(a.scheduledStart ?? a.createdAt ?? '') - Date.parse(b.scheduledStart ?? b.createdAt ?? ''));
    },
  };
}
