/**
 * Jobber's GraphQL API as this project uses it, after Jobber's developer documentation (developer.getjobber.com:
 * "API Queries and Mutations", "API Rate Limits", "API Versioning", "App Authorization (OAuth 2.0)" and the object
 * reference of Client, Job, Visit and Account):
 *
 *   POST https://api.getjobber.com/api/graphql   JSON {query, variables, operationName}
 *   Authorization: Bearer <access token from the OAuth 2.0 authorization-code flow>
 *   X-JOBBER-GRAPHQL-VERSION: <YYYY-MM-DD>
 *   An invalid access token → 401. Connections page with first/after and pageInfo {hasNextPage endCursor}.
 *   Every answer carries extensions.cost {requestedQueryCost, actualQueryCost, throttleStatus {maximumAvailable,
 *   currentlyAvailable, restoreRate}}; a query costing more than is available answers errors [{message: "Throttled",
 *   extensions: {code: "THROTTLED"}}] and should be retried once enough points are restored (restoreRate per second).
 *   Too many requests (2,500 in 5 minutes) → HTTP 429.
 *
 *   Access tokens come from the OAuth 2.0 authorization-code flow (https://api.getjobber.com/api/oauth/authorize →
 *   the app's callback with ?code= → POST /api/oauth/token grant_type=authorization_code) and last 60 minutes; the
 *   refresh token renews them: POST https://api.getjobber.com/api/oauth/token (form) client_id, client_secret,
 *   grant_type=refresh_token, refresh_token → {access_token, refresh_token}. An expired access token answers 401.
 */
import { z } from 'zod';

export const jobberLimits = { maxPageSize: 100, jobsPerClient: 10, visitsPerJob: 20 } as const;

/** The client fields every query reads (the job totals give a client's services and spending). */
const clientFields = `
    id firstName lastName companyName
    emails { address primary }
    phones { number primary }
    billingAddress { street1 street2 city province postalCode }
    jobs(first: ${jobberLimits.jobsPerClient}) { totalCount nodes { total completedAt } }`;

export const jobberQueries = {
  account: `query Account { account { id name } }`,
  clients: `query Clients($first: Int!, $after: String, $searchTerm: String) {
  clients(first: $first, after: $after, searchTerm: $searchTerm) {
    nodes {${clientFields}
    }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`,
  client: `query Client($id: EncodedId!) {
  client(id: $id) {${clientFields}
  }
}`,
  /** The rest of a client's jobs when the first page of them in the client query was not all. */
  clientJobTotals: `query ClientJobTotals($id: EncodedId!, $after: String) {
  client(id: $id) {
    jobs(first: 50, after: $after) { nodes { total completedAt } pageInfo { hasNextPage endCursor } }
  }
}`,
  clientVisits: `query ClientVisits($id: EncodedId!, $after: String) {
  client(id: $id) {
    id
    jobs(first: ${jobberLimits.jobsPerClient}, after: $after) {
      nodes {
        id jobNumber title total createdAt completedAt
        property { address { street1 street2 city province postalCode } }
        customFields { ... on CustomFieldText { label valueText } }
        notes(first: 5) { nodes { ... on JobNote { message createdAt } } }
        visits(first: ${jobberLimits.visitsPerJob}) {
          nodes { id title visitStatus startAt endAt completedAt createdAt assignedUsers(first: 3) { nodes { name { full } } } }
          pageInfo { hasNextPage }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
  /** The rest of a job's visits. */
  jobVisits: `query JobVisits($id: EncodedId!, $after: String) {
  job(id: $id) {
    visits(first: 50, after: $after) {
      nodes { id title visitStatus startAt endAt completedAt createdAt assignedUsers(first: 3) { nodes { name { full } } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
} as const;

export const jobberTokenSchema = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1).optional() });

const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date-time');
const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable().optional() });
const address = z.object({
  street1: z.string().nullable(),
  street2: z.string().nullable().optional(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
});

export const jobberJobTotalSchema = z.object({ total: z.number(), completedAt: instant.nullable() });

export const jobberClientSchema = z.object({
  id: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable().optional(),
  emails: z.array(z.object({ address: z.string(), primary: z.boolean() })),
  phones: z.array(z.object({ number: z.string(), primary: z.boolean() })),
  billingAddress: address.nullable(),
  jobs: z.object({ totalCount: z.number().int(), nodes: z.array(jobberJobTotalSchema) }),
});
export type JobberClient = z.infer<typeof jobberClientSchema>;

export const jobberThrottleSchema = z.object({
  requestedQueryCost: z.number(),
  actualQueryCost: z.number().nullable().optional(),
  throttleStatus: z.object({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() }),
});

export const jobberErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.object({ code: z.string().optional() }).loose().optional(),
});

/** A GraphQL answer: data of the given shape, or errors (then data may be null or missing). */
export const jobberAnswer = <T extends z.ZodType>(data: T) =>
  z.object({
    data: data.nullable().optional(),
    errors: z.array(jobberErrorSchema).optional(),
    extensions: z.object({ cost: jobberThrottleSchema.optional() }).loose().optional(),
  });

export const jobberAccountDataSchema = z.object({ account: z.object({ id: z.string(), name: z.string() }) });
export const jobberClientsDataSchema = z.object({
  clients: z.object({ nodes: z.array(jobberClientSchema), pageInfo, totalCount: z.number().int().nullable().optional() }),
});
export const jobberClientDataSchema = z.object({ client: jobberClientSchema.nullable() });
export const jobberClientJobTotalsDataSchema = z.object({
  client: z.object({ jobs: z.object({ nodes: z.array(jobberJobTotalSchema), pageInfo }) }).nullable(),
});

/** Jobber's visit states; none is "cancelled" (a cancelled visit is deleted). */
export const jobberVisitStatuses = ['ACTIVE', 'COMPLETED', 'LATE', 'TODAY', 'UNSCHEDULED', 'UPCOMING'] as const;
export const jobberVisitSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  visitStatus: z.string(),
  startAt: instant.nullable(),
  endAt: instant.nullable(),
  completedAt: instant.nullable(),
  createdAt: instant,
  assignedUsers: z.object({ nodes: z.array(z.object({ name: z.object({ full: z.string() }) })) }).nullable(),
});
export type JobberVisit = z.infer<typeof jobberVisitSchema>;

export const jobberJobSchema = z.object({
  id: z.string(),
  jobNumber: z.number().int(),
  title: z.string().nullable(),
  total: z.number(),
  createdAt: instant,
  completedAt: instant.nullable(),
  property: z.object({ address: address.nullable() }).nullable(),
  customFields: z.array(z.object({ label: z.string().optional(), valueText: z.string().nullable().optional() })),
  notes: z.object({ nodes: z.array(z.object({ message: z.string().optional(), createdAt: instant.optional() })) }).nullable(),
  visits: z.object({ nodes: z.array(jobberVisitSchema), pageInfo: z.object({ hasNextPage: z.boolean() }) }),
});
export type JobberJob = z.infer<typeof jobberJobSchema>;

export const jobberClientVisitsDataSchema = z.object({
  client: z.object({ id: z.string(), jobs: z.object({ nodes: z.array(jobberJobSchema), pageInfo }) }).nullable(),
});
export const jobberJobVisitsDataSchema = z.object({
  job: z.object({ visits: z.object({ nodes: z.array(jobberVisitSchema), pageInfo }) }).nullable(),
});
