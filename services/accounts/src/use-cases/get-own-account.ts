import type { Customer, SessionClaims } from '@repo/contracts';
import { forbidden, notFound } from '@repo/service-kit';
import { findCustomerById } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import type { AccountsContext } from './context.ts';

/** The signed-in customer's own account. */
export async function getOwnAccount(ctx: AccountsContext, session: SessionClaims | null): Promise<Customer> {
  const id = session?.customerId;
  if (id === undefined) throw forbidden('This call is for customer accounts.');
  const row = await findCustomerById(ctx.db, id);
  if (!row) throw notFound('Your account no longer exists.');
  return toCustomer(row);
}
