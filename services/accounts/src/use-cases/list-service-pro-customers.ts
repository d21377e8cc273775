import type { ImportedCustomerListItem } from '@repo/contracts';
import { customerSearch } from '../domain/customer-search.ts';
import { findCustomersLinkedTo } from '../repositories/customer-repository.ts';
import { toServiceProCustomer } from '../repositories/mappers.ts';
import { searchServiceProCustomers } from '../repositories/service-pro-customer-repository.ts';
import type { AccountsContext } from './context.ts';
import { pageWindow, type CustomerSearchPage, type Paged } from './list-customers.ts';

/**
 * Customers imported from the field-service system: one page of those matching the search, by last and first name,
 * each with the portal account linked to it (links are to the configured system's ids), whose record it opens.
 */
export async function listServiceProCustomers(ctx: AccountsContext, query: CustomerSearchPage): Promise<Paged<ImportedCustomerListItem>> {
  const { rows, total } = await searchServiceProCustomers(ctx.db, customerSearch(query.q), pageWindow(query));
  const current = rows.filter((row) => row.source_system === ctx.fieldService.system).map((row) => row.service_pro_id);
  const linked = await findCustomersLinkedTo(ctx.db, current);
  const items = rows.map((row) => ({ ...toServiceProCustomer(row), customerId: row.source_system === ctx.fieldService.system ? (linked.get(row.service_pro_id) ?? null) : null }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
