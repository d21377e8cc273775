import type { ServiceSystemId } from '@repo/contracts';

/**
 * One interface over the field-service systems the business and its customers use (ServicePro, ServiceTitan, Jobber).
 * Accounts imports the whole customer base and looks customers up by phone through it, and reads one customer's own
 * history through it for booking (which receives these types over accounts' internal route). Every implementation pages to the end, retries 429 and 5xx with backoff (honouring
 * Retry-After), times out, and throws `FieldServiceError` (never with a credential in its message).
 */

/** A customer as every system is mapped to it. Money in dollars with two decimals ("1234.50"); dates YYYY-MM-DD. */
export type ExternalCustomerRecord = {
  /** The system's own id for the customer (as text). */
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  lastServiceDate: string | null;
  totalServices: number;
  totalSpent: string;
  preferredTechnician: string | null;
  notes: string | null;
};

/** One page of customers; `next` is the opaque position of the following page, null after the last. */
export type CustomerPage = {
  customers: ExternalCustomerRecord[];
  next: string | null;
  /** The system's total count when it tells (for a progress bar), else null. */
  total: number | null;
};

export const visitStatuses = ['scheduled', 'in-progress', 'completed', 'cancelled'] as const;
export type VisitStatus = (typeof visitStatuses)[number];

/** One job, work order or visit of a customer: what booking turns into a service request and an appointment. */
export type ExternalVisit = {
  externalId: string;
  /** What was done, e.g. "Repair", "Maintenance", "Installation". */
  serviceType: string;
  appliance: string | null;
  brand: string | null;
  description: string | null;
  status: VisitStatus;
  /** ISO 8601 with an offset; null when never scheduled. */
  scheduledStart: string | null;
  scheduledEnd: string | null;
  completedAt: string | null;
  createdAt: string | null;
  technicianName: string | null;
  technicianNotes: string | null;
  /** Dollars with two decimals, null when not invoiced. */
  total: string | null;
  /** Where the visit took place, when the system says. */
  address: { street: string; city: string; state: string; zipCode: string } | null;
};

export type FieldServiceConnector = {
  readonly system: ServiceSystemId;
  /** The company (ServicePro), tenant (ServiceTitan) or account (Jobber) name these credentials reach. */
  accountName(): Promise<string>;
  /** One page of every customer, in a stable order; pass the previous page's `next` (null for the first). */
  listCustomers(position: string | null, pageSize: number, signal?: AbortSignal): Promise<CustomerPage>;
  /** Customers whose phone has these ten digits, whatever its formatting there. */
  findCustomersByPhone(digits: string): Promise<ExternalCustomerRecord[]>;
  /** Customers with this email (any letter case). */
  findCustomersByEmail(email: string): Promise<ExternalCustomerRecord[]>;
  /** One customer, or null when the system has no such id. */
  getCustomer(externalId: string): Promise<ExternalCustomerRecord | null>;
  /** Every visit of one customer, oldest first (all pages). */
  listVisits(externalId: string): Promise<ExternalVisit[]>;
};

/**
 * Why a call failed, for the person who asked: `credentials` (refused sign-in: 401/403), `not-found`,
 * `rate-limited` (429 still after the retries), `unavailable` (5xx, network error or timeout after the retries),
 * `malformed` (an answer that does not have the documented shape).
 */
export const fieldServiceErrorKinds = ['credentials', 'not-found', 'rate-limited', 'unavailable', 'malformed'] as const;
export type FieldServiceErrorKind = (typeof fieldServiceErrorKinds)[number];

export class FieldServiceError extends Error {
  constructor(
    readonly system: ServiceSystemId,
    readonly kind: FieldServiceErrorKind,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    this.name = 'FieldServiceError';
    this.status = options?.status;
  }

  /** The HTTP status the system answered, when one decided the failure (401 or 403 for `credentials`, say). */
  readonly status: number | undefined;
}

/** Network behaviour shared by every connector. */
export type ConnectorOptions = {
  /** Per request, default 10 s. */
  timeoutMs?: number;
  /** Retries of one request after 429, 5xx, a network error or a timeout (default 4), with exponential backoff. */
  maxRetries?: number;
  /** First backoff, doubled each retry with jitter (default 250 ms); a Retry-After header wins, capped at 30 s. */
  backoffMs?: number;
  /** 429s one request may meet, each waited out, before it fails as rate-limited (default: maxRetries; ServiceTitan 10). */
  rateLimitRetries?: number;
  /** The largest answer read (default 32 MB); a larger one fails the call as malformed without filling memory. */
  maxBodyBytes?: number;
  /** For tests. */
  fetch?: typeof fetch;
  /** The clock tokens' expiry is judged by (for tests; Date.now by default). */
  now?: () => number;
};
