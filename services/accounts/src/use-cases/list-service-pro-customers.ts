import type { ServiceProCustomer } from '@repo/contracts';
import { toServiceProCustomer } from '../repositories/mappers.ts';
import { findServiceProCustomers } from '../repositories/service-pro-customer-repository.ts';
import type { AccountsContext } from './context.ts';

/** Customers imported from ServicePro, for the back office. */
export async function listServiceProCustomers(ctx: AccountsContext): Promise<ServiceProCustomer[]> {
  return (await findServiceProCustomers(ctx.db)).map(toServiceProCustomer);
}
