import { authMessages, type Customer, type RegisterRequest } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { insertCustomer } from '../repositories/customer-repository.ts';
import { toCustomer } from '../repositories/mappers.ts';
import { clearAttemptFailures, takeAccountAttempt } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';

/**
 * A new customer account. The email and phone it gives are claims, not proofs: the account is linked to no imported
 * customer and sees only what it creates itself, until the customer proves the email or phone (see
 * `linkCustomersToImported`). An email already in use (in any letter case) is a 409 and counts as a failed attempt on
 * that email from that client, so probing for accounts is throttled exactly like guessing passwords. (Answering the same for a taken
 * email, and emailing its owner instead, needs outgoing email, which the notifications service brings.)
 */
export async function registerCustomer(ctx: AccountsContext, input: RegisterRequest, client: string): Promise<Customer> {
  refuseCommonPassword(input.password);
  const email = input.email.trim();
  const attempt = { scope: 'customer', email, client } as const;
  await takeAccountAttempt(ctx, attempt);
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
      await clearAttemptFailures(trx, attempt);
      return toCustomer(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
    throw err;
  }
}
