import type { Customer, customerSearchQuerySchema } from '@repo/contracts';
import type { z } from 'zod';
import { customerSearch } from '../domain/customer-search.ts';
import { searchCustomers } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import { administratorEmails } from '../repositories/staff-repository.ts';
import type { AccountsContext } from './context.ts';

export type CustomerSearchPage = z.output<typeof customerSearchQuerySchema>;
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

export const pageWindow = ({ page, pageSize }: CustomerSearchPage) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/**
 * Registered portal customers for the back office: one page of those matching the search, by last and first name. A
 * customer is an administrator (the list's Administrator badge) when flagged so, or when their email is also a
 * back-office administrator's sign-in: the owner who books as a customer is recognised.
 */
export async function listCustomers(ctx: AccountsContext, query: CustomerSearchPage): Promise<Paged<Customer>> {
  const { rows, total } = await searchCustomers(ctx.db, customerSearch(query.q), pageWindow(query));
  const administrators = await administratorEmails(ctx.db, rows.map((row) => row.email));
  const items = rows.map((row) => ({ ...toCustomer(row), isAdmin: row.is_admin || administrators.has(row.email.toLowerCase()) }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
