import { authMessages, type Customer, type RegisterRequest } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { findCustomerById, insertCustomer, linkCustomersToImported } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import { clearAccountFailures, takeAccountAttempt } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';

/**
 * A new customer account, linked to the imported customer with the same email or phone. An email already in use (in
 * any letter case) is a 409 and counts as a failed attempt on that email, so probing for accounts is throttled exactly
 * like guessing passwords.
 */
export async function registerCustomer(ctx: AccountsContext, input: RegisterRequest): Promise<Customer> {
  refuseCommonPassword(input.password);
  const email = input.email.trim();
  await takeAccountAttempt(ctx, 'customer', email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await insertCustomer(trx, {
        first_name: input.firstName,
        last_name: input.lastName,
        email,
        phone: input.phone,
        address: input.address || null,
        password_hash: passwordHash,
        service_pro_customer_id: null,
        last_login: null,
      });
      await clearAccountFailures(trx, 'customer', email);
      // An imported customer with this email or phone is this customer: the portal shows that history.
      if ((await linkCustomersToImported(trx, ctx.fieldService.system, row.id)) === 0) return toCustomer(row);
      return toCustomer((await findCustomerById(trx, row.id)) ?? row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
    throw err;
  }
}
