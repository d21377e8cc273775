/**
 * ServicePro's REST protocol, as this project defines it. ServicePro publishes no reference we can reach, so this is
 * OUR OWN definition, made from what the back office needs of it: a company, username and password sign-in, and
 * customers with the fields of an "imported external customer" (id, firstName, lastName, phone, email, address, city,
 * state, zipCode, totalServices, totalSpent, lastServiceDate, preferredTechnician, notes, serviceHistory with service,
 * date, cost) plus the visits booking imports. The connector and the sandbox both read it from here, and nowhere else.
 *
 *   POST /auth/token                      {company, username, password} → {accessToken, expiresIn, companyName}
 *                                         wrong credentials → 401 {error: {code: "invalid_credentials", message}}
 *   GET  /customers?page=&pageSize=       (bearer) → {customers, page, pageSize, totalCount, hasMore}; pageSize ≤ 500
 *   GET  /customers?phone=<ten digits>    customers whose phone has these digits, whatever its formatting
 *   GET  /customers?email=<address>       customers with this email, any letter case
 *   GET  /customers/:id                   one customer, 404 {error: {code: "not_found"}} when none
 *   GET  /customers/:id/service-history?page=&pageSize=  → {visits, page, pageSize, totalCount, hasMore}, oldest first
 *
 * Errors: {error: {code, message}} with 401 (invalid_credentials, invalid_token, token_expired), 404, 429 (with
 * Retry-After in seconds) and 5xx. Money is decimal text in dollars ("1234.50"); dates are YYYY-MM-DD; instants ISO
 * 8601 with an offset.
 */
import { z } from 'zod';

export const serviceProPaths = {
  token: '/auth/token',
  customers: '/customers',
  customer: (id: string) => `/customers/${encodeURIComponent(id)}`,
  serviceHistory: (id: string) => `/customers/${encodeURIComponent(id)}/service-history`,
} as const;

export const serviceProLimits = { maxPageSize: 500, defaultPageSize: 100 } as const;

const money = z.string().regex(/^\d{1,9}\.\d{2}$/);
const isoDate = z.iso.date();
const instant = z.iso.datetime({ offset: true });

export const serviceProTokenRequestSchema = z.object({ company: z.string(), username: z.string(), password: z.string() });
export type ServiceProTokenRequest = z.infer<typeof serviceProTokenRequestSchema>;

export const serviceProTokenSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds the token stays valid. */
  expiresIn: z.number().int().positive(),
  companyName: z.string(),
});
export type ServiceProToken = z.infer<typeof serviceProTokenSchema>;

export const serviceProHistoryEntrySchema = z.object({ service: z.string(), date: isoDate, cost: money });

export const serviceProCustomerSchema = z.object({
  id: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  totalServices: z.number().int().nonnegative(),
  totalSpent: money,
  lastServiceDate: isoDate.nullable(),
  preferredTechnician: z.string().nullable(),
  notes: z.string().nullable(),
  /** The latest services first, at most 10 (the whole list is the service history). */
  serviceHistory: z.array(serviceProHistoryEntrySchema),
});
export type ServiceProCustomer = z.infer<typeof serviceProCustomerSchema>;

export const serviceProCustomerPageSchema = z.object({
  customers: z.array(serviceProCustomerSchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalCount: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ServiceProCustomerPage = z.infer<typeof serviceProCustomerPageSchema>;

export const serviceProVisitStatuses = ['scheduled', 'in-progress', 'completed', 'cancelled'] as const;

export const serviceProVisitSchema = z.object({
  id: z.string().min(1),
  serviceType: z.string(),
  appliance: z.string().nullable(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(serviceProVisitStatuses),
  scheduledStart: instant.nullable(),
  scheduledEnd: instant.nullable(),
  completedAt: instant.nullable(),
  createdAt: instant,
  technician: z.string().nullable(),
  technicianNotes: z.string().nullable(),
  cost: money.nullable(),
  serviceAddress: z.object({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }).nullable(),
});
export type ServiceProVisit = z.infer<typeof serviceProVisitSchema>;

export const serviceProVisitPageSchema = z.object({
  visits: z.array(serviceProVisitSchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalCount: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ServiceProVisitPage = z.infer<typeof serviceProVisitPageSchema>;

export const serviceProErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ServiceProError = z.infer<typeof serviceProErrorSchema>;
