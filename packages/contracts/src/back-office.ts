import { z } from 'zod';
import { authMessages, backOfficePassword } from './auth.ts';
import { serviceSystemIds } from './choices.ts';
import { externalCustomerSchema } from './phone-lookup.ts';
import { rowIdSchema, strictQueryNumber } from './safe-input.ts';

/* ---------------------------------------------------------------------------------------------------------------
 * The owner's back office (issue 12): staff accounts, the customer import job, searchable customer lists.
 * Lists answer `{ items, total, page, pageSize }` like the other staff lists.
 * ------------------------------------------------------------------------------------------------------------- */

const page = strictQueryNumber(
  z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000, 'Page must be at most 10000'),
).default(1);
const pageSize = strictQueryNumber(
  z.number({ error: 'Page size must be a number' }).int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(100, 'Page size must be at most 100'),
).default(25);

/**
 * `GET /api/admin/servicepro-customers` and `GET /api/admin/customers` (staff, admin): `q` finds customers whose first
 * name, last name, "first last" or email starts with it (any letter case), or, when it holds 3 or more digits and
 * nothing but phone punctuation, whose phone's ten digits hold them anywhere whatever the formatting ("904.802",
 * "(904) 802-1998", "+1 904 802 1998", "802-19" and "1998" all find (904) 802-1998). Every form is served by an index.
 */
export const customerSearchQuerySchema = z.object({
  q: z.string({ error: 'Search must be text' }).trim().max(100, 'Search must be at most 100 characters').optional().transform((q) => q || undefined),
  page,
  pageSize,
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuerySchema>;

export const pagedListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/* Staff accounts (admin only). */
export const staffAccountRoles = ['staff', 'admin'] as const;
export const staffAccountsPath = '/api/admin/staff';
/** `GET /api/admin/staff` (admin): every staff and administrator sign-in (technicians have their own list). */
export const staffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffAccountRoles),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountListSchema = z.array(staffAccountSchema);
/** `POST /api/admin/staff` (admin): 201 with the account; 409 when the email has a back-office sign-in. */
export const createStaffAccountSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z.email({ error: 'Valid email is required' }).max(254, 'Valid email is required'),
  role: z.enum(staffAccountRoles, { error: 'Role must be staff or admin' }),
  password: backOfficePassword,
});
export type CreateStaffAccount = z.infer<typeof createStaffAccountSchema>;
/** `PUT /api/admin/staff/:id/password` (admin): a new password; every session of that account ends. 204. */
export const staffAccountPasswordSchema = z.object({ password: backOfficePassword });
export const staffAccountParamsSchema = z.object({
  id: rowIdSchema('Staff id'),
});
export const staffAccountMessages = {
  emailTaken: 'That email already has a back-office sign-in. Use another email.',
  notFound: 'No staff account has this id.',
  /** The one common-password message of every sign-in. */
  commonPassword: authMessages.commonPassword,
} as const;

/* The customer import (admin only): a background job; server credentials, never typed or shown. */

/**
 * `GET /api/admin/import-source` (admin): where the import reads from; never a credential. 503 naming the environment
 * variables to set when the server's credentials are incomplete; 502/503/504 when the system cannot be asked.
 */
export const importSourceSchema = z.object({
  system: z.enum(serviceSystemIds),
  systemName: z.string(),
  /** The company (ServicePro), tenant (ServiceTitan) or account (Jobber) being imported. */
  company: z.string(),
  /** True when this is the local sandbox that ships with the embedded default, not the real system. */
  sandbox: z.boolean(),
});
export type ImportSource = z.infer<typeof importSourceSchema>;

export const importJobStatuses = ['running', 'succeeded', 'failed'] as const;
export const importJobSchema = z.object({
  id: z.number().int(),
  system: z.enum(serviceSystemIds),
  company: z.string(),
  status: z.enum(importJobStatuses),
  /** Customers read from the system so far, and what became of them. */
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** created + updated: every customer the import brought in, new or refreshed. */
  totalImported: z.number().int(),
  /** The system's customer count when it says (for the progress bar); null when it does not. */
  expectedTotal: z.number().int().nullable(),
  /** Why the job stopped early (status failed), in words for the owner; what was imported before it is kept. */
  error: z.string().nullable(),
  /** The first few customers that could not be imported and why. */
  failures: z.array(z.object({ externalId: z.string(), message: z.string() })),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Pages saved so far (500 customers each); the next page read starts at `position`. */
  pagesSaved: z.number().int(),
  /** The system's position of the next page (its page number or cursor), null before the first and after the last. */
  position: z.string().nullable(),
  /**
   * While running: the page owed failed for a passing reason (the system down or limiting) and waits to be tried
   * again; `attempt` of `attempts` failed at `failedAt`. Null while pages flow and once the import ended.
   */
  retry: z.object({ message: z.string(), attempt: z.number().int(), attempts: z.number().int(), failedAt: z.string() }).nullable(),
  /** Failed with its place kept and nothing else running: Resume carries on from `position`. */
  resumable: z.boolean(),
  /** How often it was resumed after failing. */
  resumed: z.number().int(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
/**
 * `GET /api/admin/import-jobs` (admin): the most recent imports, newest first (at most `recentImportJobsLimit`).
 * `POST /api/admin/import-jobs/:id/resume` (admin, no body): a failed import carries on from the page it reached,
 * 202 with the job; 409 `notResumable` unless it failed, `otherSystem` when accounts now imports from another system,
 * `alreadyRunning` while another import runs; 503/502/504 as for starting one.
 */
export const importJobsPath = '/api/admin/import-jobs';
export const recentImportJobsLimit = 10;
export const importJobListSchema = z.array(importJobSchema);
export const resumeImportJobPath = (id: number) => `/api/admin/import-jobs/${id}/resume` as const;
/**
 * `POST /api/admin/import-all-customers` (admin, no body): starts the import, 202 with the job; 409 with
 * `importJobMessages.alreadyRunning` while one runs; 503/502/504 as for the import source. `GET
 * /api/admin/import-jobs/latest` (admin): the newest job (404 `notFound` if none), `GET /api/admin/import-jobs/:id` one
 * job (404 `jobNotFound`); polled by the page, so progress survives a reload. A restart or crash of accounts pauses a
 * running job, which carries on from its last saved page; one whose work was given up ends failed with `interrupted`.
 */
export const importAllCustomersPath = '/api/admin/import-all-customers';
export const latestImportJobPath = '/api/admin/import-jobs/latest';
export const importJobParamsSchema = z.object({
  id: rowIdSchema('Import id'),
});
export const importJobMessages = {
  alreadyRunning: 'An import is already running. Wait for it to finish.',
  noneYet: 'No import has been run yet.',
  jobNotFound: 'No import has this id.',
  interrupted: 'The import stopped and could not carry on; resume it or run it again: customers already imported are kept.',
  notResumable: 'Only a failed import can be resumed: this one is running or finished.',
  otherSystem: 'This import read from another system than the one accounts imports from now: start a new import instead.',
} as const;

/**
 * `GET /api/auth/service-history` (customer): the field-service record linked to the signed-in customer (same email,
 * or same phone digits, as an imported customer), with its service history read from the system; `customer: null`
 * when none is linked.
 */
export const linkedServiceHistoryPath = '/api/auth/service-history';
export const linkedServiceHistoryResponseSchema = z.object({ customer: externalCustomerSchema.nullable() });
