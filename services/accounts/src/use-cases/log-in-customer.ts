import { authMessages, type LoginRequest } from '@repo/contracts';
import { unauthorized } from '@repo/service-kit';
import { verifyPassword } from '../domain/passwords.ts';
import { findCustomerByEmail, linkCustomersToImported, recordCustomerLogin } from '../repositories/customer-repository.ts';
import { clearAttemptFailures, customerOwner, noteFailedAttempt, takeAccountAttempt } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';
import { startSession, type NewSession } from './start-session.ts';

/**
 * A new customer session (linking the customer to an imported one when not yet, by a contact they have proven); the
 * same 401 for an unknown email and a wrong password, both counted against the email and the client address (and the
 * owner told when their account's failures reach its limit).
 */
export async function logInCustomer(ctx: AccountsContext, { email, password }: LoginRequest, client: string): Promise<NewSession> {
  const attempt = { scope: 'customer', email, client } as const;
  await takeAccountAttempt(ctx, attempt);
  const customer = await findCustomerByEmail(ctx.db, email);
  if (!(await verifyPassword(customer?.password_hash, password)) || !customer) {
    await noteFailedAttempt(ctx, attempt, customer && customerOwner(customer));
    throw unauthorized(authMessages.invalidCredentials);
  }
  return ctx.db.transaction().execute(async (trx) => {
    await clearAttemptFailures(trx, attempt);
    await recordCustomerLogin(trx, customer.id, ctx.now());
    // Customers imported after this one proved their email or phone are linked at their next login.
    if (!customer.service_pro_customer_id) await linkCustomersToImported(trx, ctx.fieldService.system, customer.id);
    return startSession(trx, ctx, { id: customer.id, role: 'customer', email: customer.email, emailVerified: customer.email_verified_at !== null, customerId: customer.id });
  });
}
