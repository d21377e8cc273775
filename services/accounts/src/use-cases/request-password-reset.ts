import { randomUUID } from 'node:crypto';
import { passwordReset, passwordResetRequestedTopic, type PasswordResetRequest } from '@repo/contracts';
import { newLinkToken, linkTokenHash } from '../domain/link-tokens.ts';
import { lockCustomerByEmail } from '../repositories/customer-repository.ts';
import { deletePasswordResetsExpiredBefore, insertPasswordReset, replaceOpenPasswordResets } from '../repositories/password-reset-repository.ts';
import type { AccountsContext } from './context.ts';

/** Links that expired longer ago than this are dropped when their customer asks again. */
const keepExpiredMs = 24 * 60 * 60_000;
/** No customer has this id (ids start at 1): an unknown email's statements run on it and change nothing. */
const nobody = 0;

/**
 * A password reset link for the account with this email, if there is one: the earlier open links of the customer end,
 * the new link's token hash is stored, and `account.password-reset-requested` (with the token, for notifications to
 * email) is published in the same transaction. For an email no account has, nothing is stored or sent. The caller
 * answers the same either way; both ways make a token and run the same statements up to the insert, so the answer
 * takes about as long.
 */
export async function requestPasswordReset(ctx: AccountsContext, { email }: PasswordResetRequest): Promise<void> {
  const now = ctx.now();
  const token = newLinkToken();
  const tokenHash = linkTokenHash(token);
  const expiresAt = new Date(now.getTime() + passwordReset.linkValidMinutes * 60_000);
  await ctx.db.transaction().execute(async (trx) => {
    // Locked, so two requests at once leave one open link.
    const customer = await lockCustomerByEmail(trx, email);
    const customerId = customer?.id ?? nobody;
    await replaceOpenPasswordResets(trx, customerId, now);
    await deletePasswordResetsExpiredBefore(trx, customerId, new Date(now.getTime() - keepExpiredMs));
    if (!customer) return;
    const requestId = randomUUID();
    await insertPasswordReset(trx, { id: requestId, customer_id: customer.id, token_hash: tokenHash, expires_at: expiresAt, used_at: null, replaced_at: null, created_at: now });
    await ctx.effects.enqueue(trx, passwordResetRequestedTopic, {
      requestId,
      email: customer.email,
      customerName: `${customer.first_name} ${customer.last_name}`.trim(),
      token,
      expiresAt: expiresAt.toISOString(),
    });
  });
}
