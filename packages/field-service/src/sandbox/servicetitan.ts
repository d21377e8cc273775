/** A local ServiceTitan: the v2 endpoints of ../servicetitan/protocol.ts over the demo customers. */
import { serviceTitanLimits, type ServiceTitanProblem } from '../servicetitan/protocol.ts';
import { centsToDollars, demoCustomer, demoTechnicians, emailOf, maxVisitsPerCustomer, phoneDigitsOf, type DemoCustomer, type DemoVisit } from './demo-data.ts';
import { startSandboxServer, tokenStore, type RunningSandbox, type SandboxAnswer, type SandboxTestOptions } from './server.ts';

/** The documented sandbox app and tenant (not secrets: README "Field-service connectors and sandboxes"). */
export const serviceTitanSandboxCredentials = { clientId: 'cid.sandbox', clientSecret: 'cs1.sandbox-secret', appKey: 'ak1.sandbox', tenantId: '1234567' } as const;

/** Id ranges per kind of record, each record's id made from its customer's index (and visit number). */
const ids = {
  customer: (index: number) => 1_000_000 + index,
  location: (index: number) => 50_000_000 + index,
  contact: (index: number, which: 0 | 1) => 60_000_000 + index * 2 + which,
  job: (index: number, visit: number) => 100_000_000 + index * maxVisitsPerCustomer + visit,
  appointment: (index: number, visit: number) => 200_000_000 + index * maxVisitsPerCustomer + visit,
  invoice: (index: number, visit: number) => 300_000_000 + index * maxVisitsPerCustomer + visit,
  assignment: (index: number, visit: number) => 400_000_000 + index * maxVisitsPerCustomer + visit,
};
export const serviceTitanIdOf = (index: number) => String(ids.customer(index));

const jobTypes = [
  { id: 1, name: 'Repair' },
  { id: 2, name: 'Maintenance' },
  { id: 3, name: 'Installation' },
  { id: 4, name: 'Diagnostic' },
] as const;
const jobTypeId = (visit: DemoVisit) => jobTypes.find((type) => type.name === visit.serviceType)!.id;
const technicianId = (name: string) => 101 + demoTechnicians.indexOf(name as (typeof demoTechnicians)[number]);

const problem = (status: number, title: string, errors: Record<string, string[]> = {}): SandboxAnswer => ({
  status,
  // The definitions' ApiErrorResponse: every field present.
  body: {
    type: `https://tools.ietf.org/html/rfc9110#section-${status === 400 ? '15.5.1' : status === 401 ? '15.5.2' : status === 403 ? '15.5.4' : status === 404 ? '15.5.5' : status === 429 ? '6' : '15.6.1'}`,
    title,
    status,
    traceId: `00-${crypto.randomUUID().replaceAll('-', '')}-${crypto.randomUUID().slice(0, 16).replaceAll('-', '')}-00`,
    errors,
    data: {},
  } satisfies ServiceTitanProblem & { data: object },
});

/**
 * What the sandbox does with the fields ServiceTitan's definitions mark optional (all of them also nullable):
 * 'present' (default) fills them in, 'null' sends them as null and 'absent' leaves them out: answers a real tenant
 * may legally send, which the connector must take.
 */
export type OptionalFields = 'present' | 'null' | 'absent';

/** `item` with `optional` keys made null or left out as `mode` says. */
function withOptional<T extends Record<string, unknown>>(item: T, optional: readonly (keyof T)[], mode: OptionalFields): T {
  if (mode === 'present') return item;
  const copy: Record<string, unknown> = { ...item };
  for (const key of optional) {
    if (mode === 'null') copy[key as string] = null;
    else delete copy[key as string];
  }
  return copy as T;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const appointmentStatus = (visit: DemoVisit) =>
  visit.status === 'completed' ? 'Done' : visit.status === 'cancelled' ? 'Canceled' : visit.status === 'in-progress' ? 'Working' : 'Scheduled';
const jobStatus = (visit: DemoVisit) =>
  visit.status === 'completed' ? 'Completed' : visit.status === 'cancelled' ? 'Canceled' : visit.status === 'in-progress' ? 'InProgress' : 'Scheduled';

function address(customer: DemoCustomer, mode: OptionalFields) {
  return withOptional(
    { street: customer.street, unit: null as string | null, city: customer.city, state: customer.state, zip: customer.zipCode, country: 'USA', latitude: 29.9 - (customer.index % 50) / 100, longitude: -81.31 + (customer.index % 40) / 100 },
    ['unit', 'latitude', 'longitude'],
    mode,
  );
}

function customerOf(customer: DemoCustomer, mode: OptionalFields) {
  return withOptional(
    {
      id: ids.customer(customer.index),
      active: true,
      name: `${customer.firstName} ${customer.lastName}`,
      type: 'Residential',
      address: address(customer, mode),
      customFields: [],
      balance: 0,
      doNotMail: false,
      doNotService: false,
      createdOn: customer.createdAt.toISOString(),
      createdById: 1,
      modifiedOn: customer.createdAt.toISOString(),
      mergedToId: null,
    },
    ['mergedToId'],
    mode,
  );
}

/** The customer's contacts (a phone, and an email when it has one), as the contacts feed lists them. */
function contactsOf(customer: DemoCustomer, mode: OptionalFields) {
  const modifiedOn = customer.createdAt.toISOString();
  const customerId = ids.customer(customer.index);
  // The definitions require phoneSettings on every contact, an email's included.
  const phone = { id: ids.contact(customer.index, 0), type: customer.index % 3 === 0 ? 'MobilePhone' : 'Phone', value: customer.phone, memo: null, modifiedOn, customerId, phoneSettings: { phoneNumber: customer.phoneDigits, doNotText: false } };
  const contacts = [withOptional(phone, ['memo'], mode)];
  if (customer.email) {
    contacts.push(withOptional({ id: ids.contact(customer.index, 1), type: 'Email', value: customer.email, memo: null, modifiedOn, customerId, phoneSettings: { phoneNumber: '', doNotText: true } }, ['memo'], mode));
  }
  return contacts;
}

function locationOf(customer: DemoCustomer, mode: OptionalFields) {
  const at = customer.createdAt.toISOString();
  return withOptional(
    { id: ids.location(customer.index), customerId: ids.customer(customer.index), active: true, name: 'Home', address: address(customer, mode), customFields: [], createdOn: at, createdById: 1, modifiedOn: at, mergedToId: null, taxZoneId: null },
    ['mergedToId', 'taxZoneId'],
    mode,
  );
}

function jobOf(customer: DemoCustomer, visit: DemoVisit, mode: OptionalFields) {
  const id = ids.job(customer.index, visit.number);
  return withOptional({
    id,
    jobNumber: String(id - 100_000_000 + 10_000),
    customerId: ids.customer(customer.index),
    locationId: ids.location(customer.index),
    jobStatus: jobStatus(visit),
    completedOn: iso(visit.completedAt),
    businessUnitId: 1,
    jobTypeId: jobTypeId(visit),
    priority: 'Normal',
    campaignId: 1,
    summary: visit.description,
    customFields: [
      { typeId: 1, name: 'Appliance', value: visit.appliance },
      { typeId: 2, name: 'Brand', value: visit.brand },
    ],
    appointmentCount: 1,
    firstAppointmentId: ids.appointment(customer.index, visit.number),
    lastAppointmentId: ids.appointment(customer.index, visit.number),
    recallForId: null,
    warrantyId: null,
    noCharge: false,
    notificationsEnabled: true,
    createdOn: visit.createdAt.toISOString(),
    createdById: 1,
    modifiedOn: (visit.completedAt ?? visit.createdAt).toISOString(),
    tagTypeIds: [],
    externalData: [],
  }, ['completedOn', 'summary', 'recallForId', 'warrantyId'], mode);
}

function appointmentOf(customer: DemoCustomer, visit: DemoVisit, mode: OptionalFields) {
  return withOptional({
    id: ids.appointment(customer.index, visit.number),
    jobId: ids.job(customer.index, visit.number),
    appointmentNumber: `${ids.job(customer.index, visit.number) - 100_000_000 + 10_000}-1`,
    start: iso(visit.start),
    end: iso(visit.end),
    arrivalWindowStart: iso(visit.start),
    arrivalWindowEnd: visit.start ? new Date(visit.start.getTime() + 7_200_000).toISOString() : null,
    status: appointmentStatus(visit),
    specialInstructions: null,
    createdOn: visit.createdAt.toISOString(),
    modifiedOn: (visit.completedAt ?? visit.createdAt).toISOString(),
  }, ['appointmentNumber', 'arrivalWindowStart', 'arrivalWindowEnd', 'specialInstructions'], mode);
}

/** Accounting v2 requires only an invoice's id: every other field is optional and nullable. */
const invoiceOptional = ['syncStatus', 'referenceNumber', 'invoiceDate', 'dueDate', 'subTotal', 'salesTax', 'total', 'balance', 'customer', 'locationAddress', 'job'] as const;

function invoiceOf(customer: DemoCustomer, visit: DemoVisit, mode: OptionalFields) {
  const total = centsToDollars(visit.totalCents ?? 0);
  return withOptional({
    id: ids.invoice(customer.index, visit.number),
    syncStatus: 'Pending',
    referenceNumber: String(ids.invoice(customer.index, visit.number) - 300_000_000 + 50_000),
    invoiceDate: iso(visit.completedAt),
    dueDate: iso(visit.completedAt),
    subTotal: total,
    salesTax: '0.00',
    total,
    balance: '0.00',
    customer: { id: ids.customer(customer.index), name: `${customer.firstName} ${customer.lastName}` },
    locationAddress: { street: customer.street, unit: null, city: customer.city, state: customer.state, zip: customer.zipCode, country: 'USA' },
    job: { id: ids.job(customer.index, visit.number), number: String(ids.job(customer.index, visit.number) - 100_000_000 + 10_000), type: visit.serviceType },
  }, invoiceOptional, mode);
}

/** Decodes an id of `kind` into its customer index (and visit number), or undefined when no such record exists. */
function decode(id: number, base: number, count: number, perCustomer = 1) {
  const offset = id - base;
  if (!Number.isInteger(offset) || offset < 0) return undefined;
  const index = Math.floor(offset / perCustomer);
  return index < count ? { index, visit: offset % perCustomer } : undefined;
}

const idList = (value: string | null) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number)
    .filter(Number.isInteger) ?? [];

export type ServiceTitanSandboxOptions = SandboxTestOptions & {
  /** How optional fields are answered (default 'present'). */
  optionalFields?: OptionalFields;
};

/** Before every demo record: a contacts feed read from here on is the whole feed, in order, without a scan. */
const feedStart = Date.parse('2010-01-01T00:00:00Z');

export async function startServiceTitanSandbox(options: ServiceTitanSandboxOptions = {}): Promise<RunningSandbox> {
  const count = options.customers ?? 120;
  const now = options.now ?? Date.now();
  const mode = options.optionalFields ?? 'present';
  const tokens = tokenStore(options.tokenTtlSeconds ?? 900);
  const expected = serviceTitanSandboxCredentials;
  // Feeds walk customers in order, a few records each: the last one made is kept.
  let last: DemoCustomer | undefined;
  const customerAt = (index: number) => (last?.index === index ? last : (last = demoCustomer(index, now)));

  /** A page of `total` items made by `itemAt(position)`, answered in ServiceTitan's list shape. */
  function list(searchParams: URLSearchParams, total: number, itemAt: (position: number) => unknown): SandboxAnswer {
    const page = Number(searchParams.get('page') ?? 1);
    const pageSize = Number(searchParams.get('pageSize') ?? serviceTitanLimits.defaultPageSize);
    if (!Number.isInteger(page) || page < 1) return problem(400, 'One or more validation errors occurred.', { Page: ['The field Page must be 1 or more.'] });
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > serviceTitanLimits.maxPageSize) {
      return problem(400, 'One or more validation errors occurred.', { PageSize: [`The field PageSize must be between 1 and ${serviceTitanLimits.maxPageSize}.`] });
    }
    const from = Math.min((page - 1) * pageSize, total);
    const to = Math.min(from + pageSize, total);
    const data: unknown[] = [];
    for (let position = from; position < to; position++) data.push(itemAt(position));
    // "Can optionally be populated": asked for, it still may not be.
    const totalCount = searchParams.get('includeTotal') === 'true' ? total : null;
    return { status: 200, body: withOptional({ page, pageSize, hasMore: to < total, totalCount, data }, ['totalCount'], mode) };
  }
  const listOf = (searchParams: URLSearchParams, items: unknown[]) => list(searchParams, items.length, (position) => items[position]);

  /**
   * The tenant-wide feeds, made once on first use: every contact (customer index × 2 + 0 for the phone, 1 for the
   * email) and every invoice (customer index × maxVisitsPerCustomer + visit), in id order.
   */
  let contactSlots: Int32Array | undefined;
  let invoiceSlots: Int32Array | undefined;
  const feeds = () => {
    if (!contactSlots || !invoiceSlots) {
      const contacts: number[] = [];
      const invoices: number[] = [];
      for (let index = 0; index < count; index++) {
        contacts.push(index * 2);
        if (emailOf(index) !== null) contacts.push(index * 2 + 1);
        for (const visit of customerAt(index).visits) if (visit.status === 'completed' && visit.totalCents !== null) invoices.push(index * maxVisitsPerCustomer + visit.number);
      }
      contactSlots = Int32Array.from(contacts);
      invoiceSlots = Int32Array.from(invoices);
    }
    return { contacts: contactSlots, invoices: invoiceSlots };
  };
  const contactAt = (slot: number) => contactsOf(customerAt(Math.floor(slot / 2)), mode)[slot % 2]!;
  const invoiceAt = (slot: number) => {
    const customer = customerAt(Math.floor(slot / maxVisitsPerCustomer));
    return invoiceOf(customer, customer.visits[slot % maxVisitsPerCustomer]!, mode);
  };

  /** The visits behind job ids (or appointment/invoice ids: same layout, other base). */
  const visitsByIds = (values: number[], base: number) =>
    values.flatMap((id) => {
      const at = decode(id, base, count, maxVisitsPerCustomer);
      const customer = at && customerAt(at.index);
      const visit = customer?.visits[at!.visit];
      return customer && visit ? [{ customer, visit }] : [];
    });

  const dateParam = (searchParams: URLSearchParams, name: string) => {
    const value = searchParams.get(name);
    return value === null ? undefined : Date.parse(value);
  };

  return startSandboxServer(
    {
      expireTokens: () => tokens.expireAll(),
      errorBody: (status) => (status === 429 ? problem(429, 'Too many requests. Please retry after the time in the Retry-After header.').body : problem(status, 'The service is temporarily unavailable.').body),
      wrongShape: (request) => (request.url.pathname.endsWith('/connect/token') ? { token: 'not-this' } : { results: [{ name: 'Dana Whitfield' }], more: 'yes' }),
      // The limit is the tenant's (its API), not the identity server's.
      limited: (request) => request.url.pathname.includes('/tenant/'),
      handle(request) {
        const { pathname, searchParams } = request.url;
        if (pathname === '/connect/token') {
          if (request.method !== 'POST') return { status: 405, body: { error: 'invalid_request' } };
          const form = new URLSearchParams(request.body);
          if (form.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
          if (form.get('client_id') !== expected.clientId || form.get('client_secret') !== expected.clientSecret) return { status: 400, body: { error: 'invalid_client' } };
          return { status: 200, body: { access_token: tokens.issue('st'), expires_in: tokens.ttlSeconds, token_type: 'Bearer', scope: 'tn.crm:customers tn.jpm:jobs tn.dispatch:appointments tn.accounting:invoices' } };
        }
        if (request.method !== 'GET') return problem(405, 'Method not allowed.');
        const auth = tokens.check(request.headers.authorization);
        if (auth !== 'ok') return { status: 401, body: '', headers: { 'www-authenticate': `Bearer error="invalid_token"${auth === 'expired' ? ', error_description="The token expired"' : ''}` } };
        if (request.headers['st-app-key'] !== expected.appKey) return problem(401, 'The ST-App-Key header is missing or not a valid application key.');
        const route = /^\/(crm|jpm|dispatch|accounting)\/v2\/tenant\/([^/]+)\/(.+)$/.exec(pathname);
        if (!route) return problem(404, 'Not Found');
        if (route[2] !== expected.tenantId) return problem(403, `The application is not connected to tenant ${decodeURIComponent(route[2]!)}.`);
        const [, area, , rest] = route as unknown as [string, string, string, string];

        if (area === 'crm' && rest === 'customers') {
          const phone = searchParams.get('phone');
          const wanted = idList(searchParams.get('ids'));
          if (phone !== null || wanted.length) {
            const digits = phone?.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
            const indexes: number[] = [];
            if (wanted.length) {
              for (const id of wanted) {
                const at = decode(id, 1_000_000, count);
                if (at && (digits === undefined || phoneDigitsOf(at.index) === digits)) indexes.push(at.index);
              }
            } else {
              for (let index = 0; index < count; index++) if (phoneDigitsOf(index) === digits) indexes.push(index);
            }
            return list(searchParams, indexes.length, (position) => customerOf(customerAt(indexes[position]!), mode));
          }
          return list(searchParams, count, (position) => customerOf(customerAt(position), mode));
        }
        if (area === 'crm' && rest === 'customers/contacts') {
          const onOrAfter = dateParam(searchParams, 'modifiedOnOrAfter');
          const before = dateParam(searchParams, 'modifiedBefore');
          if (onOrAfter === undefined && before === undefined) {
            return problem(400, 'One or more validation errors occurred.', { ModifiedOnOrAfter: ['Either modifiedBefore or modifiedOnOrAfter parameter must be specified.'] });
          }
          const { contacts } = feeds();
          if (before === undefined && onOrAfter !== undefined && onOrAfter <= feedStart) return list(searchParams, contacts.length, (position) => contactAt(contacts[position]!));
          // A window: the contacts modified in it (a demo contact was last modified when its customer was created).
          const modified = contacts.filter((slot) => {
            const at = customerAt(Math.floor(slot / 2)).createdAt.getTime();
            return (onOrAfter === undefined || at >= onOrAfter) && (before === undefined || at < before);
          });
          return list(searchParams, modified.length, (position) => contactAt(modified[position]!));
        }
        const customerRoute = /^customers\/(\d+)(\/contacts)?$/.exec(rest);
        if (area === 'crm' && customerRoute) {
          const at = decode(Number(customerRoute[1]), 1_000_000, count);
          if (!at) return problem(404, 'Customer not found.');
          const customer = customerAt(at.index);
          if (!customerRoute[2]) return { status: 200, body: customerOf(customer, mode) };
          return listOf(searchParams, contactsOf(customer, mode).map(({ customerId: _customerId, ...contact }) => contact));
        }
        if (area === 'crm' && rest === 'locations') {
          const wanted = idList(searchParams.get('ids'));
          const byCustomer = searchParams.get('customerId');
          const indexes = wanted.length
            ? wanted.flatMap((id) => decode(id, 50_000_000, count)?.index ?? [])
            : byCustomer
              ? [decode(Number(byCustomer), 1_000_000, count)?.index].filter((index): index is number => index !== undefined)
              : [];
          return listOf(searchParams, indexes.map((index) => locationOf(customerAt(index), mode)));
        }
        if (area === 'jpm' && rest === 'jobs') {
          const byCustomer = searchParams.get('customerId');
          const wanted = idList(searchParams.get('ids'));
          if (wanted.length) return listOf(searchParams, visitsByIds(wanted, 100_000_000).map(({ customer, visit }) => jobOf(customer, visit, mode)));
          if (!byCustomer) return list(searchParams, 0, () => undefined);
          const at = decode(Number(byCustomer), 1_000_000, count);
          const customer = at && customerAt(at.index);
          return listOf(searchParams, customer ? customer.visits.map((visit) => jobOf(customer, visit, mode)) : []);
        }
        const notesRoute = /^jobs\/(\d+)\/notes$/.exec(rest);
        if (area === 'jpm' && notesRoute) {
          const [found] = visitsByIds([Number(notesRoute[1])], 100_000_000);
          if (!found) return problem(404, 'Job not found.');
          const { visit } = found;
          const at = (visit.completedAt ?? visit.createdAt).toISOString();
          return listOf(searchParams, visit.technicianNotes ? [{ text: visit.technicianNotes, isPinned: false, createdById: 1, createdOn: at, modifiedOn: at }] : []);
        }
        if (area === 'jpm' && rest === 'job-types') {
          const wanted = idList(searchParams.get('ids'));
          return listOf(searchParams, jobTypes.filter((type) => !wanted.length || wanted.includes(type.id)).map((type) => ({ ...type, modifiedOn: '2020-01-01T00:00:00Z', externalData: [] })));
        }
        if (area === 'jpm' && rest === 'appointments') {
          const byJob = searchParams.get('jobId');
          const wanted = idList(searchParams.get('ids'));
          const found = wanted.length ? visitsByIds(wanted, 200_000_000) : byJob ? visitsByIds([Number(byJob)], 100_000_000) : [];
          return listOf(searchParams, found.map(({ customer, visit }) => appointmentOf(customer, visit, mode)));
        }
        if (area === 'dispatch' && rest === 'appointment-assignments') {
          const found = visitsByIds(idList(searchParams.get('appointmentIds')), 200_000_000);
          return listOf(
            searchParams,
            found
              .filter(({ visit }) => visit.technician)
              .map(({ customer, visit }) => ({
                id: ids.assignment(customer.index, visit.number),
                technicianId: technicianId(visit.technician!),
                technicianName: visit.technician,
                assignedById: 1,
                assignedOn: visit.createdAt.toISOString(),
                // Dispatch's assignment statuses: Scheduled, Dispatched, Working, Done.
                status: visit.status === 'completed' || visit.status === 'cancelled' ? 'Done' : visit.status === 'in-progress' ? 'Working' : 'Scheduled',
                isPaused: false,
                jobId: ids.job(customer.index, visit.number),
                appointmentId: ids.appointment(customer.index, visit.number),
              })),
          );
        }
        if (area === 'accounting' && rest === 'invoices') {
          const byCustomer = searchParams.get('customerId');
          const byJob = searchParams.get('jobId');
          if (!byCustomer && !byJob) {
            const { invoices } = feeds();
            return list(searchParams, invoices.length, (position) => invoiceAt(invoices[position]!));
          }
          const found = byJob
            ? visitsByIds([Number(byJob)], 100_000_000)
            : (() => {
                const at = decode(Number(byCustomer), 1_000_000, count);
                const customer = at && customerAt(at.index);
                return customer ? customer.visits.map((visit) => ({ customer, visit })) : [];
              })();
          return listOf(searchParams, found.filter(({ visit }) => visit.status === 'completed' && visit.totalCents !== null).map(({ customer, visit }) => invoiceOf(customer, visit, mode)));
        }
        return problem(404, 'Not Found');
      },
    },
    options,
  );
}
