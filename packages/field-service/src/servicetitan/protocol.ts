/**
 * The parts of ServiceTitan's public v2 API this project uses, after its developer documentation
 * (developer.servicetitan.io: "Make your first API call", OAuth 2.0, and the API reference of CRM, Job Planning,
 * Dispatch and Accounting v2; paging per "Timeouts and pagination"):
 *
 *   POST {auth}/connect/token  form: grant_type=client_credentials, client_id, client_secret
 *        → {access_token, expires_in, token_type, scope}; refused → 400/401 {error: "invalid_client"}
 *   Every API call: Authorization: Bearer <access token> (the API's bearer scheme), ST-App-Key: <app key>; the
 *   tenant id is in the path.
 *   GET /crm/v2/tenant/{tenant}/customers?page=&pageSize=&includeTotal=&sort=&phone=&ids=
 *   GET /crm/v2/tenant/{tenant}/customers/{id}
 *   GET /crm/v2/tenant/{tenant}/customers/{id}/contacts          (phones and emails)
 *   GET /crm/v2/tenant/{tenant}/customers/contacts?modifiedOnOrAfter=   (every customer's contacts, with customerId:
 *        the bulk read behind imports and the email index)
 *   GET /crm/v2/tenant/{tenant}/locations?ids=
 *   GET /jpm/v2/tenant/{tenant}/jobs?customerId=
 *   GET /jpm/v2/tenant/{tenant}/jobs/{id}/notes                  (the technician's notes)
 *   GET /jpm/v2/tenant/{tenant}/job-types?ids=
 *   GET /jpm/v2/tenant/{tenant}/appointments?jobId=
 *   GET /dispatch/v2/tenant/{tenant}/appointment-assignments?appointmentIds=
 *   GET /accounting/v2/tenant/{tenant}/invoices?customerId=       (or every invoice of the tenant, for an import)
 *
 * These are the operations of ServiceTitan's OpenAPI definitions (test/fixtures/servicetitan/), which
 * test/servicetitan-definitions.test.ts holds the sandbox's answers and the connector's requests to. The schemas below
 * accept every answer the definitions allow: what they mark optional or nullable is optional here too (an invoice
 * needs only its id), whatever the connector would rather have.
 *
 * Lists take page (from 1), pageSize (50 by default, at most 5000) and includeTotal, and answer
 * {page, pageSize, hasMore, totalCount, data}. Errors are ASP.NET problem details: {type, title, status, traceId, errors}.
 * 429 may come with Retry-After (seconds or an HTTP date), or without; ServiceTitan allows an app 60 requests per
 * second per tenant and a request up to 100 s.
 */
import { z } from 'zod';

export const serviceTitanLimits = { maxPageSize: 5000, defaultPageSize: 50 } as const;

export const serviceTitanPaths = {
  token: '/connect/token',
  customers: (tenant: string) => `/crm/v2/tenant/${tenant}/customers`,
  customer: (tenant: string, id: number | string) => `/crm/v2/tenant/${tenant}/customers/${id}`,
  customerContacts: (tenant: string, id: number | string) => `/crm/v2/tenant/${tenant}/customers/${id}/contacts`,
  modifiedContacts: (tenant: string) => `/crm/v2/tenant/${tenant}/customers/contacts`,
  locations: (tenant: string) => `/crm/v2/tenant/${tenant}/locations`,
  jobs: (tenant: string) => `/jpm/v2/tenant/${tenant}/jobs`,
  jobNotes: (tenant: string, id: number | string) => `/jpm/v2/tenant/${tenant}/jobs/${id}/notes`,
  jobTypes: (tenant: string) => `/jpm/v2/tenant/${tenant}/job-types`,
  appointments: (tenant: string) => `/jpm/v2/tenant/${tenant}/appointments`,
  appointmentAssignments: (tenant: string) => `/dispatch/v2/tenant/${tenant}/appointment-assignments`,
  invoices: (tenant: string) => `/accounting/v2/tenant/${tenant}/invoices`,
} as const;

const id = z.number().int();
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date-time');

export const serviceTitanTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string(),
  scope: z.string().optional(),
});
export const serviceTitanTokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** ServiceTitan's problem details (ASP.NET). */
export const serviceTitanProblemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  traceId: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ServiceTitanProblem = z.infer<typeof serviceTitanProblemSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    totalCount: z.number().int().nullish(),
    data: z.array(item),
  });

export const serviceTitanAddressSchema = z.object({
  street: z.string().nullish(),
  unit: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
});

export const serviceTitanCustomerSchema = z.object({
  id,
  active: z.boolean().optional(),
  /** Required by the definitions, yet a blank one exists in real tenants: the connector names such a customer. */
  name: z.string().nullish(),
  type: z.string().nullish(),
  address: serviceTitanAddressSchema.nullish(),
  balance: z.number().nullable().optional(),
  doNotMail: z.boolean().optional(),
  doNotService: z.boolean().optional(),
  createdOn: instant.optional(),
  modifiedOn: instant.optional(),
  mergedToId: id.nullish(),
});
export type ServiceTitanCustomer = z.infer<typeof serviceTitanCustomerSchema>;
export const serviceTitanCustomerPageSchema = pageOf(serviceTitanCustomerSchema);

/** Contact types: Phone, MobilePhone, Email, Fax. */
export const serviceTitanContactSchema = z.object({
  id,
  type: z.string(),
  value: z.string(),
  memo: z.string().nullish(),
  modifiedOn: instant.optional(),
});
export type ServiceTitanContact = z.infer<typeof serviceTitanContactSchema>;
export const serviceTitanContactPageSchema = pageOf(serviceTitanContactSchema);
export const serviceTitanCustomerContactPageSchema = pageOf(serviceTitanContactSchema.extend({ customerId: id }));

export const serviceTitanLocationSchema = z.object({
  id,
  customerId: id,
  active: z.boolean().optional(),
  name: z.string().nullish(),
  address: serviceTitanAddressSchema.nullish(),
});
export const serviceTitanLocationPageSchema = pageOf(serviceTitanLocationSchema);

const customField = z.object({ typeId: id.optional(), name: z.string().nullish(), value: z.string().nullish() });

export const serviceTitanJobSchema = z.object({
  id,
  jobNumber: z.string(),
  customerId: id,
  locationId: id,
  /** Scheduled, Dispatched, InProgress, Hold, Completed, Canceled. */
  jobStatus: z.string(),
  completedOn: instant.nullish(),
  jobTypeId: id,
  summary: z.string().nullish(),
  customFields: z.array(customField).optional(),
  createdOn: instant,
  modifiedOn: instant.optional(),
});
export type ServiceTitanJob = z.infer<typeof serviceTitanJobSchema>;
export const serviceTitanJobPageSchema = pageOf(serviceTitanJobSchema);

export const serviceTitanNoteSchema = z.object({ text: z.string(), isPinned: z.boolean().optional(), createdOn: instant });
export const serviceTitanNotePageSchema = pageOf(serviceTitanNoteSchema);

export const serviceTitanJobTypeSchema = z.object({ id, name: z.string() });
export const serviceTitanJobTypePageSchema = pageOf(serviceTitanJobTypeSchema);

export const serviceTitanAppointmentStatuses = ['Scheduled', 'Dispatched', 'Working', 'Hold', 'Done', 'Canceled'] as const;
export const serviceTitanAppointmentSchema = z.object({
  id,
  jobId: id,
  appointmentNumber: z.string().nullish(),
  start: instant,
  end: instant,
  arrivalWindowStart: instant.nullish(),
  arrivalWindowEnd: instant.nullish(),
  status: z.string(),
  specialInstructions: z.string().nullish(),
  createdOn: instant,
  modifiedOn: instant.optional(),
});
export type ServiceTitanAppointment = z.infer<typeof serviceTitanAppointmentSchema>;
export const serviceTitanAppointmentPageSchema = pageOf(serviceTitanAppointmentSchema);

export const serviceTitanAssignmentSchema = z.object({
  id,
  technicianId: id,
  technicianName: z.string(),
  appointmentId: id,
  jobId: id.optional(),
  active: z.boolean().optional(),
});
export const serviceTitanAssignmentPageSchema = pageOf(serviceTitanAssignmentSchema);

const decimal = z.union([z.string(), z.number()]);
/** Only `id` is required; every other field may be absent or null (Accounting v2 InvoiceResponse). */
export const serviceTitanInvoiceSchema = z.object({
  id,
  referenceNumber: z.string().nullish(),
  invoiceDate: instant.nullish(),
  /** Decimal text in the tenant's currency ("289.00"); some tenants' data has numbers. */
  subTotal: decimal.nullish(),
  salesTax: decimal.nullish(),
  total: decimal.nullish(),
  balance: decimal.nullish(),
  customer: z.object({ id, name: z.string().nullish() }).nullish(),
  job: z.object({ id, number: z.string().nullish(), type: z.string().nullish() }).nullish(),
});
export type ServiceTitanInvoice = z.infer<typeof serviceTitanInvoiceSchema>;
export const serviceTitanInvoicePageSchema = pageOf(serviceTitanInvoiceSchema);
