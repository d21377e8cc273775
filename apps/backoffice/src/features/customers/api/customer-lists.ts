import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerSchema, importedCustomerListItemSchema, pagedListSchema, type CustomerSearchQuery } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

const serviceProPage = pagedListSchema(importedCustomerListItemSchema);
const portalPage = pagedListSchema(customerSchema);

function searchParams({ q, page, pageSize }: CustomerSearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page !== undefined) params.set('page', String(page));
  if (pageSize !== undefined) params.set('pageSize', String(pageSize));
  return params;
}

/**
 * One page of a searched list. The page on screen stays while the next loads (typing a search, paging); each visit
 * asks again, since imports and registrations change the lists.
 */
const listOptions = { staleTime: 0, placeholderData: keepPreviousData } as const;

/** GET /api/admin/servicepro-customers?q=&page=&pageSize= (staff, admin): imported customers. */
export function useServiceProCustomers(query: CustomerSearchQuery) {
  return useQuery({
    queryKey: queryKeys.serviceProCustomersPage(query),
    queryFn: async ({ signal }) =>
      serviceProPage.parse(await adminApi.json<unknown>('GET', `/api/admin/servicepro-customers?${searchParams(query)}`, undefined, { signal })),
    ...listOptions,
  });
}

/** GET /api/admin/customers?q=&page=&pageSize= (staff, admin): portal customers, administrators flagged. */
export function usePortalCustomers(query: CustomerSearchQuery) {
  return useQuery({
    queryKey: queryKeys.portalCustomersPage(query),
    queryFn: async ({ signal }) => portalPage.parse(await adminApi.json<unknown>('GET', `/api/admin/customers?${searchParams(query)}`, undefined, { signal })),
    ...listOptions,
  });
}

/** The most a list page holds (the server's limit): an export asks for pages this size. */
const exportPageSize = 100;

/**
 * Every customer matching the list's search (`q`), gathered a page at a time, for the CSV export. Stops at the total
 * the first page gave, so a customer added meanwhile does not keep it asking.
 */
async function everyMatch<T>(path: string, parse: (body: unknown) => { items: T[]; total: number }, q: string | undefined): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = parse(await adminApi.json<unknown>('GET', `${path}?${searchParams({ q, page, pageSize: exportPageSize })}`));
    all.push(...answer.items);
    if (answer.items.length < exportPageSize || all.length >= answer.total) return all;
  }
}

/** Every imported customer matching `q`, for the list's CSV. */
export const allServiceProCustomers = (q: string | undefined) => everyMatch('/api/admin/servicepro-customers', (body) => serviceProPage.parse(body), q);
/** Every portal customer matching `q`, for the list's CSV. */
export const allPortalCustomers = (q: string | undefined) => everyMatch('/api/admin/customers', (body) => portalPage.parse(body), q);
