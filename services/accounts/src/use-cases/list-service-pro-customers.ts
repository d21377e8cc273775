import type { ServiceProCustomer } from '@repo/contracts';
import { customerSearch } from '../domain/customer-search.ts';
import { toServiceProCustomer } from '../repositories/mappers.ts';
import { searchServiceProCustomers } from '../repositories/service-pro-customer-repository.ts';
import type { AccountsContext } from './context.ts';
import { pageWindow, type CustomerSearchPage, type Paged } from './list-customers.ts';

/** Customers imported from the field-service system: one page of those matching the search, by last and first name. */
export async function listServiceProCustomers(ctx: AccountsContext, query: CustomerSearchPage): Promise<Paged<ServiceProCustomer>> {
  const { rows, total } = await searchServiceProCustomers(ctx.db, customerSearch(query.q), pageWindow(query));
  return { items: rows.map(toServiceProCustomer), total, page: query.page, pageSize: query.pageSize };
}
