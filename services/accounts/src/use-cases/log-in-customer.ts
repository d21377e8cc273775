import type { LoginRequest, SessionClaims } from '@repo/contracts';
import { unauthorized } from '@repo/service-kit';
import { verifyPassword } from '../domain/passwords.ts';
import { findCustomerByEmail, recordCustomerLogin } from '../repositories/customer-repository.ts';
import type { AccountsContext } from './context.ts';

const invalidCredentials = 'Invalid email or password. Please check them and try again.';

/** The claims of the customer's new session; the same 401 for an unknown email and a wrong password. */
export async function logInCustomer(ctx: AccountsContext, { email, password }: LoginRequest): Promise<SessionClaims> {
  const customer = await findCustomerByEmail(ctx.db, email);
  if (!(await verifyPassword(customer?.password_hash, password)) || !customer) throw unauthorized(invalidCredentials);
  await recordCustomerLogin(ctx.db, customer.id, ctx.now());
  return { sub: `customer:${customer.id}`, role: 'customer', customerId: customer.id, email: customer.email };
}
