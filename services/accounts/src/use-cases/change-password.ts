import { authMessages, type ChangePasswordRequest, type SessionClaims } from '@repo/contracts';
import { forbidden, notFound } from '@repo/service-kit';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { findCustomerById, updateCustomerPassword } from '../repositories/customer-repository.ts';
import { revokeAccountSessions } from '../repositories/session-repository.ts';
import { checkCustomerPassword, clearAttemptFailures } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';

/**
 * The signed-in customer's new password. A wrong current password counts as a failed attempt on the account from the
 * client; on success every other session of the customer ends, the one making the change stays.
 */
export async function changePassword(ctx: AccountsContext, session: SessionClaims | null, input: ChangePasswordRequest, client: string): Promise<string> {
  const id = session?.customerId;
  if (!session || id === undefined) throw forbidden('This call is for customer accounts.');
  refuseCommonPassword(input.newPassword, 'newPassword');
  const customer = await findCustomerById(ctx.db, id);
  if (!customer) throw notFound('Your account no longer exists.');
  const attempt = await checkCustomerPassword(ctx, customer, input.currentPassword, client, { field: 'currentPassword', message: authMessages.currentPasswordWrong });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updateCustomerPassword(trx, id, passwordHash);
    await clearAttemptFailures(trx, attempt);
    await revokeAccountSessions(trx, 'customer', id, ctx.now(), session.sid);
  });
  return authMessages.passwordChanged;
}
