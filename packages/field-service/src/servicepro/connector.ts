import type { z } from 'zod';
import type { ConnectorOptions, ExternalCustomerRecord, ExternalVisit, FieldServiceConnector } from '../connector.ts';
import { clampPageSize, createHttpClient, HttpStatusError, pageNumber } from '../http.ts';
import { samePhone } from '../phone.ts';
import { createTokenCache } from '../token-cache.ts';
import {
  serviceProCustomerPageSchema,
  serviceProCustomerSchema,
  serviceProLimits,
  serviceProPaths,
  serviceProTokenSchema,
  serviceProVisitPageSchema,
  type ServiceProCustomer,
  type ServiceProVisit,
} from './protocol.ts';

export type ServiceProCredentials = { company: string; username: string; password: string };

function toRecord(customer: ServiceProCustomer): ExternalCustomerRecord {
  return {
    externalId: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
    city: customer.city,
    state: customer.state,
    zipCode: customer.zipCode,
    lastServiceDate: customer.lastServiceDate,
    totalServices: customer.totalServices,
    totalSpent: customer.totalSpent,
    preferredTechnician: customer.preferredTechnician,
    notes: customer.notes,
  };
}

function toVisit(visit: ServiceProVisit): ExternalVisit {
  return {
    externalId: visit.id,
    serviceType: visit.serviceType,
    appliance: visit.appliance,
    brand: visit.brand,
    description: visit.description,
    status: visit.status,
    scheduledStart: visit.scheduledStart,
    scheduledEnd: visit.scheduledEnd,
    completedAt: visit.completedAt,
    createdAt: visit.createdAt,
    technicianName: visit.technician,
    technicianNotes: visit.technicianNotes,
    total: visit.cost,
    address: visit.serviceAddress,
  };
}

/** One sign-in (company, username, password): the connector's token cache calls it, and so does Test connection. */
export async function requestServiceProToken(
  credentials: ServiceProCredentials,
  urls: { api: string },
  options: ConnectorOptions = {},
): Promise<{ token: string; expiresInSeconds: number; companyName: string }> {
  const { data } = await createHttpClient('servicepro', options).send({
    method: 'POST',
    url: urls.api.replace(/\/+$/, '') + serviceProPaths.token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: credentials.company, username: credentials.username, password: credentials.password }),
    schema: serviceProTokenSchema,
    what: 'the sign-in',
  });
  return { token: data.accessToken, expiresInSeconds: data.expiresIn, companyName: data.companyName };
}

export function createServiceProConnector(credentials: ServiceProCredentials, urls: { api: string }, options: ConnectorOptions = {}): FieldServiceConnector {
  const http = createHttpClient('servicepro', options);
  const base = urls.api.replace(/\/+$/, '');
  let companyName: string | undefined;

  const tokens = createTokenCache(async () => {
    const issued = await requestServiceProToken(credentials, urls, options);
    companyName = issued.companyName;
    return issued;
  }, options.now);

  const get = <T>(path: string, schema: z.ZodType<T>, what: string, signal?: AbortSignal, passStatus?: number[]) =>
    http.send(
      {
        method: 'GET',
        url: base + path,
        schema,
        what,
        signal,
        auth: async () => ({ authorization: `Bearer ${await tokens.get()}` }),
        onUnauthorized: async () => Boolean(await tokens.renew()),
      },
      passStatus,
    );

  const search = async (query: URLSearchParams, what: string) => {
    const found: ServiceProCustomer[] = [];
    for (let page = 1; ; page++) {
      query.set('page', String(page));
      query.set('pageSize', String(serviceProLimits.maxPageSize));
      const { data } = await get(`${serviceProPaths.customers}?${query}`, serviceProCustomerPageSchema, what);
      found.push(...data.customers);
      if (!data.hasMore || data.customers.length === 0) return found;
    }
  };

  return {
    system: 'servicepro',
    async accountName() {
      await tokens.get();
      return companyName ?? credentials.company;
    },
    async listCustomers(position, pageSize, signal) {
      const page = pageNumber(position);
      const size = clampPageSize(pageSize, serviceProLimits.maxPageSize);
      const query = new URLSearchParams({ page: String(page), pageSize: String(size) });
      const { data } = await get(`${serviceProPaths.customers}?${query}`, serviceProCustomerPageSchema, 'the customer list', signal);
      return {
        customers: data.customers.map(toRecord),
        next: data.hasMore && data.customers.length > 0 ? String(page + 1) : null,
        total: data.totalCount,
      };
    },
    async findCustomersByPhone(digits) {
      const found = await search(new URLSearchParams({ phone: digits }), 'the phone search');
      // The system matches digits too; checking again keeps a looser match on its side from reaching a person.
      return found.filter((customer) => samePhone(customer.phone, digits)).map(toRecord);
    },
    async findCustomersByEmail(email) {
      const wanted = email.trim().toLowerCase();
      const found = await search(new URLSearchParams({ email: wanted }), 'the email search');
      return found.filter((customer) => customer.email?.toLowerCase() === wanted).map(toRecord);
    },
    async getCustomer(externalId) {
      try {
        const { data } = await get(serviceProPaths.customer(externalId), serviceProCustomerSchema, 'the customer', undefined, [404]);
        return toRecord(data);
      } catch (err) {
        if (err instanceof HttpStatusError && err.status === 404) return null;
        throw err;
      }
    },
    async listVisits(externalId) {
      const visits: ExternalVisit[] = [];
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({ page: String(page), pageSize: String(serviceProLimits.maxPageSize) });
        const { data } = await get(`${serviceProPaths.serviceHistory(externalId)}?${query}`, serviceProVisitPageSchema, "the customer's visits");
        visits.push(...data.visits.map(toVisit));
        if (!data.hasMore || data.visits.length === 0) return visits;
      }
    },
  };
}
