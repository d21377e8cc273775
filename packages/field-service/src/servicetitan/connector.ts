import type { z } from 'zod';
import type { SystemUrls } from '../config.ts';
import type { ConnectorOptions, ExternalCustomerRecord, ExternalVisit, FieldServiceConnector, VisitStatus } from '../connector.ts';
import { clampPageSize, createHttpClient, credentialsMessage, dollars, HttpStatusError, pageNumber } from '../http.ts';
import { chunks, mapLimit } from '../map-limit.ts';
import { phoneDigits } from '../phone.ts';
import { tenantPacer } from '../rate-limit.ts';
import { createTokenCache } from '../token-cache.ts';
import {
  type pageOf,
  serviceTitanAppointmentPageSchema,
  serviceTitanAssignmentPageSchema,
  serviceTitanContactPageSchema,
  serviceTitanCustomerContactPageSchema,
  serviceTitanCustomerPageSchema,
  serviceTitanCustomerSchema,
  serviceTitanInvoicePageSchema,
  serviceTitanJobPageSchema,
  serviceTitanJobTypePageSchema,
  serviceTitanLimits,
  serviceTitanLocationPageSchema,
  serviceTitanNotePageSchema,
  serviceTitanPaths,
  serviceTitanTokenErrorSchema,
  serviceTitanTokenSchema,
  type ServiceTitanContact,
  type ServiceTitanCustomer,
  type ServiceTitanInvoice,
} from './protocol.ts';

export type ServiceTitanCredentials = { clientId: string; clientSecret: string; appKey: string; tenantId: string };

/** ServiceTitan allows an app 60 requests per second per tenant. */
export const serviceTitanRequestsPerSecond = 60;
/** ServiceTitan documents that one request may take up to 100 s. */
export const serviceTitanTimeoutMs = 100_000;
/** 429s one request waits out before it fails: paced under the limit, one means another app shares the tenant's. */
const serviceTitanRateLimitRetries = 10;
/** Calls for one customer's contacts and invoices run this many at a time (phone and email lookups' matches). */
const customerConcurrency = 4;
/** Pages of a tenant-wide list read at a time once its total is known. */
const feedConcurrency = 2;
/** ServiceTitan lists at most 50 ids per `ids`/`appointmentIds` filter. */
const idsPerCall = 50;
/** Before every record of the tenant (the contacts feed needs a lower bound). */
const beginning = '2000-01-01T00:00:00Z';
/** An incremental read of the contacts feed starts this long before the last one did (clocks differ). */
const clockMarginMs = 5 * 60_000;
/** An import's contacts index older than this is brought up to date (one request when little changed). */
const indexFreshMs = 10 * 60_000;

/** "Dana Whitfield" → Dana / Whitfield; "Whitfield, Dana" → Dana / Whitfield; one word is a first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const comma = trimmed.indexOf(',');
  if (comma > 0) return { firstName: trimmed.slice(comma + 1).trim(), lastName: trimmed.slice(0, comma).trim() };
  const space = trimmed.lastIndexOf(' ');
  return space > 0 ? { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) } : { firstName: trimmed, lastName: '' };
}

/** The customer's name, or for one without (ServiceTitan's definitions require it, yet blank ones exist) its id. */
export const customerName = (customer: Pick<ServiceTitanCustomer, 'id' | 'name'>) =>
  customer.name?.trim() ? splitName(customer.name) : { firstName: '', lastName: `ServiceTitan customer ${customer.id}` };

const phoneTypes = new Set(['phone', 'mobilephone']);

const appointmentStatus = (status: string): VisitStatus => {
  switch (status.toLowerCase()) {
    case 'working':
      return 'in-progress';
    case 'done':
      return 'completed';
    case 'canceled':
    case 'cancelled':
      return 'cancelled';
    default:
      return 'scheduled'; // Scheduled, Dispatched, Hold
  }
};

const customField = (fields: { name?: string | null; value?: string | null }[] | undefined, name: string) =>
  fields?.find((field) => field.name?.trim().toLowerCase() === name)?.value?.trim() || null;

const centsOf = (value: number | string | null | undefined) => {
  if (value === null || value === undefined || value === '') return undefined;
  const amount = Math.round(Number(value) * 100);
  return Number.isFinite(amount) ? amount : undefined;
};

/** An invoice's total in cents: its total, else its subtotal and tax, else nothing (all may legally be absent). */
export const invoiceCents = (invoice: Pick<ServiceTitanInvoice, 'total' | 'subTotal' | 'salesTax'>): number | undefined =>
  centsOf(invoice.total) ?? (centsOf(invoice.subTotal) === undefined ? undefined : centsOf(invoice.subTotal)! + (centsOf(invoice.salesTax) ?? 0));

/** What a customer's invoices add up to: how many, how much, and the day of the last. */
type InvoiceTotals = { count: number; cents: number; last: string | null };
const noInvoices: InvoiceTotals = { count: 0, cents: 0, last: null };

function addInvoice(totals: InvoiceTotals, invoice: ServiceTitanInvoice): InvoiceTotals {
  const day = invoice.invoiceDate && !Number.isNaN(Date.parse(invoice.invoiceDate)) ? new Date(invoice.invoiceDate).toISOString().slice(0, 10) : null;
  return { count: totals.count + 1, cents: totals.cents + (invoiceCents(invoice) ?? 0), last: day && (!totals.last || day > totals.last) ? day : totals.last };
}

type IndexedContact = { id: number; type: string; value: string };

/**
 * A tenant's contacts by customer and its customers by email, read from the contacts feed (every customer's contacts
 * in pages of 5,000) and kept up to date with `modifiedOnOrAfter`: an import reads phones and emails of all its pages
 * from it, and an email lookup (the API has no email filter) costs one request once it is built.
 */
type ContactIndex = {
  byCustomer: Map<number, IndexedContact[]>;
  byEmail: Map<string, Set<number>>;
  /** Where the next incremental read starts (ISO). */
  since: string;
  readAt: number;
};

/** What every connector of one tenant in this process shares: the request pace and the indexes. */
type TenantShared = { contacts?: Promise<ContactIndex>; readingContacts?: boolean; invoices?: Promise<Map<number, InvoiceTotals>> };
const tenants = new Map<string, TenantShared>();

function recordOf(customer: ServiceTitanCustomer, contacts: readonly { type: string; value: string }[], totals: InvoiceTotals): ExternalCustomerRecord {
  const phone = contacts.find((contact) => phoneTypes.has(contact.type.toLowerCase()))?.value ?? '';
  const email = contacts.find((contact) => contact.type.toLowerCase() === 'email')?.value ?? null;
  const address = customer.address;
  return {
    externalId: String(customer.id),
    ...customerName(customer),
    email,
    phone,
    address: [address?.street, address?.unit].filter(Boolean).join(' '),
    city: address?.city ?? '',
    state: address?.state ?? '',
    zipCode: address?.zip ?? '',
    lastServiceDate: totals.last,
    totalServices: totals.count,
    totalSpent: dollars(totals.cents / 100),
    // ServiceTitan keeps no preferred technician, and customer notes are a separate, unpaged list we do not import.
    preferredTechnician: null,
    notes: null,
  };
}

/**
 * One sign-in at ServiceTitan's identity server (OAuth 2.0 client credentials): the connector's token cache calls it,
 * and so does the back office's Test connection, which reports the sign-in apart from the tenant's API.
 */
export async function requestServiceTitanToken(
  credentials: Pick<ServiceTitanCredentials, 'clientId' | 'clientSecret'>,
  urls: Pick<SystemUrls['servicetitan'], 'auth'>,
  options: ConnectorOptions = {},
): Promise<{ token: string; expiresInSeconds: number }> {
  // The identity server is not the tenant's API: sign-ins are not paced with its requests.
  const signIn = createHttpClient('servicetitan', options);
  try {
    const { data } = await signIn.send(
      {
        method: 'POST',
        url: urls.auth.replace(/\/+$/, '') + serviceTitanPaths.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret }).toString(),
        schema: serviceTitanTokenSchema,
        what: 'the sign-in',
      },
      [400],
    );
    return { token: data.access_token, expiresInSeconds: data.expires_in };
  } catch (err) {
    // The identity server answers a wrong client id or secret with 400 invalid_client (OAuth 2.0).
    if (err instanceof HttpStatusError && serviceTitanTokenErrorSchema.safeParse(err.body).success) {
      throw signIn.fail('credentials', credentialsMessage('servicetitan'), err, 400);
    }
    if (err instanceof HttpStatusError) throw signIn.fail('unavailable', 'ServiceTitan refused the sign-in request (HTTP 400).', err, 400);
    throw err;
  }
}

export function createServiceTitanConnector(
  credentials: ServiceTitanCredentials,
  urls: SystemUrls['servicetitan'],
  options: ConnectorOptions = {},
): FieldServiceConnector {
  const api = urls.api.replace(/\/+$/, '');
  const tenant = encodeURIComponent(credentials.tenantId.trim());
  const tenantKey = `${api}|${tenant}`;
  const shared = tenants.get(tenantKey) ?? {};
  tenants.set(tenantKey, shared);
  const timeoutMs = urls.timeoutMs ?? options.timeoutMs ?? serviceTitanTimeoutMs;
  const rateLimitRetries = options.rateLimitRetries ?? serviceTitanRateLimitRetries;
  const http = createHttpClient('servicetitan', { ...options, timeoutMs, rateLimitRetries, pacer: tenantPacer(tenantKey, urls.requestsPerSecond ?? serviceTitanRequestsPerSecond) });
  const now = options.now ?? Date.now;

  const tokens = createTokenCache(() => requestServiceTitanToken(credentials, urls, { ...options, timeoutMs, rateLimitRetries }), options.now);

  const get = <T>(path: string, query: Record<string, string | number | boolean | undefined>, schema: z.ZodType<T>, what: string, signal?: AbortSignal, passStatus?: number[]) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const url = api + path + (search.size ? `?${search}` : '');
    let sent: string | undefined;
    return http.send(
      {
        method: 'GET',
        url,
        schema,
        what,
        signal,
        auth: async () => {
          sent = await tokens.get();
          return { authorization: `Bearer ${sent}`, 'st-app-key': credentials.appKey };
        },
        onUnauthorized: async () => Boolean(await tokens.renew(sent)),
      },
      passStatus,
    );
  };

  type PageSchema<T> = ReturnType<typeof pageOf<z.ZodType<T>>>;

  /** A page "never has more than pageSize items" (the definitions): one far over is refused before anything uses it. */
  const withinPage = <T>(data: T[], asked: number | string, what: string): T[] => {
    if (data.length > Number(asked)) throw http.fail('malformed', `ServiceTitan sent ${data.length} records for a page of ${asked} (${what}).`);
    return data;
  };

  /** Every item of a list, page by page. */
  async function all<T>(path: string, query: Record<string, string | number | undefined>, schema: PageSchema<T>, what: string, signal?: AbortSignal): Promise<T[]> {
    const items: T[] = [];
    await eachPage(path, query, schema, what, (data) => void items.push(...data), signal);
    return items;
  }

  /**
   * Hands every page of a list to `take` (in any order) without keeping them: the first page tells the total, the
   * rest are read a few at a time (the tenant's pace still rules); without a total, one after another.
   */
  async function eachPage<T>(path: string, query: Record<string, string | number | undefined>, schema: PageSchema<T>, what: string, take: (data: T[]) => void, signal?: AbortSignal): Promise<void> {
    const pageSize = query.pageSize ?? serviceTitanLimits.maxPageSize;
    const read = async (page: number) => {
      const { data } = await get(path, { ...query, page, pageSize, ...(page === 1 ? { includeTotal: true } : {}) }, schema, what, signal);
      take(withinPage(data.data as T[], pageSize, what));
      return data;
    };
    const first = await read(1);
    if (!first.hasMore || first.data.length === 0) return;
    const size = Number(first.pageSize) || Number(pageSize);
    const known = typeof first.totalCount === 'number' ? Math.ceil(first.totalCount / size) : 1;
    let hasMore = true;
    if (known > 1) {
      const pages = Array.from({ length: known - 1 }, (_, index) => index + 2);
      await mapLimit(pages, feedConcurrency, async (page) => {
        const data = await read(page);
        if (page === known) hasMore = data.hasMore && data.data.length > 0;
      });
    }
    // Without a total, or when the list grew while it was read: on from where the total ended, one page at a time.
    for (let page = known + 1; hasMore; page++) {
      const data = await read(page);
      hasMore = data.hasMore && data.data.length > 0;
    }
  }

  /** Adds contacts to the index (a changed contact replaces its earlier version). */
  function indexContacts(index: ContactIndex, contacts: readonly (ServiceTitanContact & { customerId: number })[]) {
    for (const contact of contacts) {
      const known = index.byCustomer.get(contact.customerId) ?? [];
      const entry = { id: contact.id, type: contact.type, value: contact.value };
      const at = known.findIndex((candidate) => candidate.id === contact.id);
      if (at >= 0) known[at] = entry;
      else known.push(entry);
      index.byCustomer.set(contact.customerId, known);
      if (contact.type.toLowerCase() === 'email') {
        const email = contact.value.trim().toLowerCase();
        const ids = index.byEmail.get(email) ?? new Set<number>();
        index.byEmail.set(email, ids.add(contact.customerId));
      }
    }
  }

  const readContacts = (index: ContactIndex, signal?: AbortSignal) =>
    eachPage(serviceTitanPaths.modifiedContacts(tenant), { modifiedOnOrAfter: index.since }, serviceTitanCustomerContactPageSchema, 'the contacts of the customers', (data) => indexContacts(index, data), signal);

  /**
   * The tenant's contact index: read whole when asked `fresh` (an import's first page) or never read, else brought up
   * to date when older than `maxAgeMs` (contacts modified since the last read). One read at a time per tenant.
   */
  function contactIndex(fresh: boolean, maxAgeMs: number, signal?: AbortSignal): Promise<ContactIndex> {
    // A read under way is as current as a new one would be: lookups at the same moment share it.
    if (!fresh && shared.readingContacts && shared.contacts) return shared.contacts;
    const previous = shared.contacts;
    const next = (async () => {
      const known = await previous?.catch(() => undefined);
      const startedAt = now();
      const since = new Date(startedAt - clockMarginMs).toISOString();
      if (known && !fresh) {
        if (startedAt - known.readAt < maxAgeMs) return known;
        await readContacts({ ...known, since: known.since }, signal);
        return { ...known, since, readAt: startedAt };
      }
      const index: ContactIndex = { byCustomer: new Map(), byEmail: new Map(), since: beginning, readAt: startedAt };
      await readContacts(index, signal);
      return { ...index, since };
    })();
    shared.contacts = next;
    shared.readingContacts = true;
    // A failed read is not kept: the next call starts again.
    next.then(
      () => {
        if (shared.contacts === next) shared.readingContacts = false;
      },
      () => {
        if (shared.contacts === next) Object.assign(shared, { contacts: undefined, readingContacts: false });
      },
    );
    return next;
  }

  /** Every customer's invoice totals, from the tenant's invoice list (5,000 a page): read at an import's start. */
  function invoiceTotals(fresh: boolean, signal?: AbortSignal): Promise<Map<number, InvoiceTotals>> {
    if (shared.invoices && !fresh) return shared.invoices;
    const next = (async () => {
      const totals = new Map<number, InvoiceTotals>();
      await eachPage(serviceTitanPaths.invoices(tenant), {}, serviceTitanInvoicePageSchema, 'the invoices', (invoices) => {
        for (const invoice of invoices) {
          // An invoice of no customer (legal, if odd) counts for nobody.
          if (invoice.customer) totals.set(invoice.customer.id, addInvoice(totals.get(invoice.customer.id) ?? noInvoices, invoice));
        }
      }, signal);
      return totals;
    })();
    shared.invoices = next;
    next.catch(() => {
      if (shared.invoices === next) shared.invoices = undefined;
    });
    return next;
  }

  const contactsOf = (customerId: number, signal?: AbortSignal) =>
    all(serviceTitanPaths.customerContacts(tenant, customerId), { pageSize: 50 }, serviceTitanContactPageSchema, "the customer's contacts", signal);
  const invoicesOf = (customerId: number, signal?: AbortSignal) =>
    all(serviceTitanPaths.invoices(tenant), { customerId, pageSize: 500 }, serviceTitanInvoicePageSchema, "the customer's invoices", signal);

  /** One customer mapped on its own (lookups): its contacts and its invoices, two requests. */
  async function load(customer: ServiceTitanCustomer, signal?: AbortSignal): Promise<{ record: ExternalCustomerRecord; contacts: ServiceTitanContact[] }> {
    const [contacts, invoices] = await Promise.all([contactsOf(customer.id, signal), invoicesOf(customer.id, signal)]);
    return { contacts, record: recordOf(customer, contacts, invoices.reduce(addInvoice, noInvoices)) };
  }

  const customerById = async (externalId: string): Promise<ServiceTitanCustomer | null> => {
    if (!/^\d+$/.test(externalId)) return null;
    try {
      return (await get(serviceTitanPaths.customer(tenant, externalId), {}, serviceTitanCustomerSchema, 'the customer', undefined, [404])).data;
    } catch (err) {
      if (err instanceof HttpStatusError && err.status === 404) return null;
      throw err;
    }
  };

  return {
    system: 'servicetitan',
    async accountName() {
      // The API tells no tenant name to an app; the first call also proves the credentials.
      await get(serviceTitanPaths.customers(tenant), { page: 1, pageSize: 1 }, serviceTitanCustomerPageSchema, 'the customer list');
      return `ServiceTitan tenant ${credentials.tenantId.trim()}`;
    },
    async listCustomers(position, pageSize, signal) {
      const page = pageNumber(position);
      const size = clampPageSize(pageSize, serviceTitanLimits.maxPageSize);
      // Phones, emails and totals of a whole page come from the tenant's contacts and invoices, read in bulk once per
      // import (its first page reads them afresh), not two requests per customer.
      const [{ data }, contacts, totals] = await Promise.all([
        get(
          serviceTitanPaths.customers(tenant),
          { page, pageSize: size, includeTotal: true, sort: '+Id' },
          serviceTitanCustomerPageSchema,
          'the customer list',
          signal,
        ),
        contactIndex(page === 1, indexFreshMs, signal),
        invoiceTotals(page === 1, signal),
      ]);
      return {
        customers: withinPage(data.data, size, 'the customer list').map((customer) => recordOf(customer, contacts.byCustomer.get(customer.id) ?? [], totals.get(customer.id) ?? noInvoices)),
        next: data.hasMore && data.data.length > 0 ? String(page + 1) : null,
        total: data.totalCount ?? null,
      };
    },
    async findCustomersByPhone(digits) {
      const customers = await all(serviceTitanPaths.customers(tenant), { phone: digits, pageSize: 50 }, serviceTitanCustomerPageSchema, 'the phone search');
      const loaded = await mapLimit(customers, customerConcurrency, (customer) => load(customer));
      return loaded
        .filter(({ contacts }) => contacts.some((contact) => phoneTypes.has(contact.type.toLowerCase()) && phoneDigits(contact.value) === digits))
        .map(({ record }) => record);
    },
    async findCustomersByEmail(email) {
      // The customer list has no email filter: the tenant's contact index (read whole once, then only what changed
      // since: one request) names the candidates, and each candidate's own contacts confirm it.
      const wanted = email.trim().toLowerCase();
      const index = await contactIndex(false, 0);
      const ids = [...(index.byEmail.get(wanted) ?? [])];
      const customers = (await mapLimit(ids, customerConcurrency, (id) => customerById(String(id)))).filter((customer): customer is ServiceTitanCustomer => customer !== null);
      const loaded = await mapLimit(customers, customerConcurrency, (customer) => load(customer));
      return loaded.filter(({ contacts }) => contacts.some((contact) => contact.type.toLowerCase() === 'email' && contact.value.trim().toLowerCase() === wanted)).map(({ record }) => record);
    },
    async getCustomer(externalId) {
      const customer = await customerById(externalId);
      return customer ? (await load(customer)).record : null;
    },
    async listVisits(externalId) {
      const customer = await customerById(externalId);
      if (!customer) throw http.fail('not-found', `ServiceTitan has no customer ${externalId}.`);
      const jobs = await all(serviceTitanPaths.jobs(tenant), { customerId: customer.id, pageSize: 500 }, serviceTitanJobPageSchema, "the customer's jobs");
      if (jobs.length === 0) return [];
      const [appointmentsByJob, notesByJob, invoices] = await Promise.all([
        mapLimit(jobs, 4, (job) => all(serviceTitanPaths.appointments(tenant), { jobId: job.id, pageSize: 50 }, serviceTitanAppointmentPageSchema, "the job's appointments")),
        mapLimit(jobs, 4, (job) => all(serviceTitanPaths.jobNotes(tenant, job.id), { pageSize: 50 }, serviceTitanNotePageSchema, "the job's notes")),
        invoicesOf(customer.id),
      ]);
      const appointments = appointmentsByJob.flat();
      const byIds = async <T>(path: string, filter: string, ids: number[], schema: ReturnType<typeof pageOf<z.ZodType<T>>>, what: string) =>
        (await mapLimit(chunks([...new Set(ids)], idsPerCall), 4, (part) => all(path, { [filter]: part.join(','), pageSize: 500 }, schema, what))).flat();
      const [assignments, locations, jobTypes] = await Promise.all([
        byIds(serviceTitanPaths.appointmentAssignments(tenant), 'appointmentIds', appointments.map((a) => a.id), serviceTitanAssignmentPageSchema, 'the technicians of the appointments'),
        byIds(serviceTitanPaths.locations(tenant), 'ids', jobs.map((job) => job.locationId), serviceTitanLocationPageSchema, 'the service locations'),
        byIds(serviceTitanPaths.jobTypes(tenant), 'ids', jobs.map((job) => job.jobTypeId), serviceTitanJobTypePageSchema, 'the job types'),
      ]);
      const invoiceByJob = new Map<number, ServiceTitanInvoice>();
      for (const invoice of invoices) if (invoice.job) invoiceByJob.set(invoice.job.id, invoice);

      const visits: ExternalVisit[] = [];
      jobs.forEach((job, jobIndex) => {
        const jobAppointments = appointmentsByJob[jobIndex]!.slice().sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
        const location = locations.find((candidate) => candidate.id === job.locationId);
        const notes = notesByJob[jobIndex]!.map((note) => note.text.trim()).filter(Boolean);
        const invoice = invoiceByJob.get(job.id);
        jobAppointments.forEach((appointment, position) => {
          const status = appointmentStatus(appointment.status);
          const technicians = assignments.filter((assignment) => assignment.appointmentId === appointment.id && assignment.active !== false).map((assignment) => assignment.technicianName);
          const last = position === jobAppointments.length - 1;
          visits.push({
            externalId: String(appointment.id),
            serviceType: jobTypes.find((type) => type.id === job.jobTypeId)?.name ?? 'Service',
            appliance: customField(job.customFields, 'appliance'),
            brand: customField(job.customFields, 'brand'),
            description: job.summary?.trim() || null,
            status,
            scheduledStart: appointment.start,
            scheduledEnd: appointment.end,
            completedAt: status === 'completed' ? (last && job.completedOn ? job.completedOn : appointment.end) : null,
            createdAt: appointment.createdOn,
            technicianName: technicians.length ? technicians.join(', ') : null,
            technicianNotes: last && notes.length ? notes.join('\n') : null,
            // One invoice per job: its total goes with the job's last appointment.
            total: last && invoice && invoiceCents(invoice) !== undefined ? dollars(invoiceCents(invoice)! / 100) : null,
            address: location?.address
              ? { street: [location.address.street, location.address.unit].filter(Boolean).join(' '), city: location.address.city ?? '', state: location.address.state ?? '', zipCode: location.address.zip ?? '' }
              : null,
          });
        });
      });
      return visits.sort((a, b) => Date.parse(a.scheduledStart ?? a.createdAt ?? '') - Date.parse(b.scheduledStart ?? b.createdAt ?? ''));
    },
  };
}
