import { passwordResetMessages, type PasswordResetCompleteRequest } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import { refuseCommonPassword } from '../domain/common-passwords.ts';
import { hashPassword } from '../domain/passwords.ts';
import { linkTokenHash } from '../domain/link-tokens.ts';
import { findCustomerById, recordEmailProven, updateCustomerPassword } from '../repositories/customer-repository.ts';
import { findEmailedLinkByHash, lockEmailedLinkByHash, markEmailedLinkUsed } from '../repositories/emailed-link-repository.ts';
import { revokeAccountSessions } from '../repositories/session-repository.ts';
import { clearAttemptFailures } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';
import { openEmailedLink } from './request-emailed-link.ts';

/**
 * The new password chosen through an emailed reset link. The link is checked before anything else (a person with a
 * dead link needs a new one, whatever password they typed), then the password (as registration checks it); then, in one
 * transaction that uses the link once (its row locked, so two submissions cannot both use it), the password changes,
 * every session of the customer ends, the email counts as proven (the link reached its inbox) and this client's failed
 * sign-ins on the account are forgotten. The customer signs in afresh with the new password.
 */
export async function completePasswordReset(ctx: AccountsContext, { token, password }: PasswordResetCompleteRequest, client: string): Promise<string> {
  const tokenHash = linkTokenHash(token);
  openEmailedLink(await findEmailedLinkByHash(ctx.db, 'password_resets', tokenHash), ctx.now(), passwordResetMessages);
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const reset = openEmailedLink(await lockEmailedLinkByHash(trx, 'password_resets', tokenHash), now, passwordResetMessages);
    const customer = await findCustomerById(trx, reset.customer_id);
    if (!customer) throw badRequest(passwordResetMessages.unknownLink, { token: passwordResetMessages.unknownLink });
    await updateCustomerPassword(trx, customer.id, passwordHash);
    await markEmailedLinkUsed(trx, 'password_resets', reset.id, now);
    await recordEmailProven(trx, customer.id, now);
    await revokeAccountSessions(trx, 'customer', customer.id, now);
    await clearAttemptFailures(trx, { scope: 'customer', email: customer.email, client });
  });
  return passwordResetMessages.completed;
}
