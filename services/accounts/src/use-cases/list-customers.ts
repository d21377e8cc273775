import type { Customer } from '@repo/contracts';
import { findCustomers } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import type { AccountsContext } from './context.ts';

/** Registered customers for the back office, newest first. */
export async function listCustomers(ctx: AccountsContext): Promise<Customer[]> {
  return (await findCustomers(ctx.db)).map(toCustomer);
}
