import { authMessages, type Customer, type RegisterRequest } from '@repo/contracts';
import { badRequest, conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import { isCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { insertCustomer } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import { clearAccountFailures, takeAccountAttempt } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';

/**
 * A new customer account. An email already in use (in any letter case) is a 409 and counts as a failed attempt on that
 * email, so probing for accounts is throttled exactly like guessing passwords.
 */
export async function registerCustomer(ctx: AccountsContext, input: RegisterRequest): Promise<Customer> {
  if (isCommonPassword(input.password)) throw badRequest(authMessages.commonPassword, { password: authMessages.commonPassword });
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
      return toCustomer(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
    throw err;
  }
}
