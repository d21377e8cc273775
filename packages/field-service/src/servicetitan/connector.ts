import type { z } from 'zod';
import type { ConnectorOptions, ExternalCustomerRecord, ExternalVisit, FieldServiceConnector, VisitStatus } from '../connector.ts';
import { clampPageSize, createHttpClient, credentialsMessage, dollars, HttpStatusError, pageNumber } from '../http.ts';
import { chunks, mapLimit } from '../map-limit.ts';
import { phoneDigits } from '../phone.ts';
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

/** Calls for one customer's contacts and invoices run this many at a time while a page of customers is mapped. */
const customerConcurrency = 16;
/** ServiceTitan lists at most 50 ids per `ids`/`appointmentIds` filter. */
const idsPerCall = 50;

/** "Dana Whitfield" → Dana / Whitfield; "Whitfield, Dana" → Dana / Whitfield; one word is a first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const comma = trimmed.indexOf(',');
  if (comma > 0) return { firstName: trimmed.slice(comma + 1).trim(), lastName: trimmed.slice(0, comma).trim() };
  const space = trimmed.lastIndexOf(' ');
  return space > 0 ? { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) } : { firstName: trimmed, lastName: '' };
}

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

const customField = (fields: { name: string; value: string | null }[] | undefined, name: string) =>
  fields?.find((field) => field.name.trim().toLowerCase() === name)?.value?.trim() || null;

export function createServiceTitanConnector(
  credentials: ServiceTitanCredentials,
  urls: { api: string; auth: string },
  options: ConnectorOptions = {},
): FieldServiceConnector {
  const http = createHttpClient('servicetitan', options);
  const api = urls.api.replace(/\/+$/, '');
  const tenant = encodeURIComponent(credentials.tenantId.trim());

  const tokens = createTokenCache(async () => {
    try {
      const { data } = await http.send(
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
        throw http.fail('credentials', credentialsMessage('servicetitan'), err);
      }
      if (err instanceof HttpStatusError) throw http.fail('unavailable', 'ServiceTitan refused the sign-in request (HTTP 400).', err);
      throw err;
    }
  }, options.now);

  const get = <T>(path: string, query: Record<string, string | number | boolean | undefined>, schema: z.ZodType<T>, what: string, signal?: AbortSignal, passStatus?: number[]) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const url = api + path + (search.size ? `?${search}` : '');
    return http.send(
      {
        method: 'GET',
        url,
        schema,
        what,
        signal,
        auth: async () => ({ authorization: `Bearer ${await tokens.get()}`, 'st-app-key': credentials.appKey }),
        onUnauthorized: async () => Boolean(await tokens.renew()),
      },
      passStatus,
    );
  };

  /** Every item of a list, page by page. */
  async function all<T>(path: string, query: Record<string, string | number | undefined>, schema: ReturnType<typeof pageOf<z.ZodType<T>>>, what: string, signal?: AbortSignal): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const { data } = await get(path, { ...query, page, pageSize: query.pageSize ?? serviceTitanLimits.maxPageSize }, schema, what, signal);
      items.push(...(data.data as T[]));
      if (!data.hasMore || data.data.length === 0) return items;
    }
  }

  const contactsOf = (customerId: number, signal?: AbortSignal) =>
    all(serviceTitanPaths.customerContacts(tenant, customerId), { pageSize: 50 }, serviceTitanContactPageSchema, "the customer's contacts", signal);
  const invoicesOf = (customerId: number, signal?: AbortSignal) =>
    all(serviceTitanPaths.invoices(tenant), { customerId, pageSize: 500 }, serviceTitanInvoicePageSchema, "the customer's invoices", signal);

  /** The customer as every system is mapped: phones and emails from its contacts, totals from its invoices. */
  async function load(customer: ServiceTitanCustomer, signal?: AbortSignal): Promise<{ record: ExternalCustomerRecord; contacts: ServiceTitanContact[] }> {
    const [contacts, invoices] = await Promise.all([contactsOf(customer.id, signal), invoicesOf(customer.id, signal)]);
    const phone = contacts.find((contact) => phoneTypes.has(contact.type.toLowerCase()))?.value ?? '';
    const email = contacts.find((contact) => contact.type.toLowerCase() === 'email')?.value ?? null;
    const cents = invoices.reduce((sum, invoice) => sum + Math.round(Number(invoice.total) * 100 || 0), 0);
    const lastInvoice = invoices.map((invoice) => invoice.invoiceDate).filter((date): date is string => Boolean(date)).sort().at(-1);
    const address = customer.address;
    return {
      contacts,
      record: {
        externalId: String(customer.id),
        ...splitName(customer.name),
        email,
        phone,
        address: [address?.street, address?.unit].filter(Boolean).join(' '),
        city: address?.city ?? '',
        state: address?.state ?? '',
        zipCode: address?.zip ?? '',
        lastServiceDate: lastInvoice ? new Date(lastInvoice).toISOString().slice(0, 10) : null,
        totalServices: invoices.length,
        totalSpent: dollars(cents / 100),
        // ServiceTitan keeps no preferred technician, and customer notes are a separate, unpaged list we do not import.
        preferredTechnician: null,
        notes: null,
      },
    };
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
      const { data } = await get(
        serviceTitanPaths.customers(tenant),
        { page, pageSize: clampPageSize(pageSize, serviceTitanLimits.maxPageSize), includeTotal: true, sort: '+Id' },
        serviceTitanCustomerPageSchema,
        'the customer list',
        signal,
      );
      const loaded = await mapLimit(data.data, customerConcurrency, (customer) => load(customer, signal));
      return {
        customers: loaded.map(({ record }) => record),
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
      // The customer list has no email filter: read every customer's contacts (5,000 a page) and keep the matches.
      const wanted = email.trim().toLowerCase();
      const contacts = await all(
        serviceTitanPaths.modifiedContacts(tenant),
        { modifiedOnOrAfter: '2000-01-01T00:00:00Z' },
        serviceTitanCustomerContactPageSchema,
        'the email search',
      );
      const ids = [...new Set(contacts.filter((contact) => contact.type.toLowerCase() === 'email' && contact.value.trim().toLowerCase() === wanted).map((contact) => contact.customerId))];
      const customers = (await mapLimit(ids, customerConcurrency, (id) => customerById(String(id)))).filter((customer): customer is ServiceTitanCustomer => customer !== null);
      return (await mapLimit(customers, customerConcurrency, (customer) => load(customer))).map(({ record }) => record);
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
            total: last && invoice ? dollars(invoice.total) : null,
            address: location
              ? { street: [location.address.street, location.address.unit].filter(Boolean).join(' '), city: location.address.city ?? '', state: location.address.state ?? '', zipCode: location.address.zip ?? '' }
              : null,
          });
        });
      });
      return visits.sort((a, b) => Date.parse(a.scheduledStart ?? a.createdAt ?? '') - Date.parse(b.scheduledStart ?? b.createdAt ?? ''));
    },
  };
}
