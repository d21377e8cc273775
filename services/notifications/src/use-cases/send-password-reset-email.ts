import { passwordResetLinkPath, type PasswordResetRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { renderPasswordResetEmail } from '../templates/password-reset-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/** One message per reset request: the key a redelivered event meets again. */
export const passwordResetMessageKey = (requestId: string) => `password-reset.${requestId}`;

/**
 * Applies accounts' `account.password-reset-requested` in the receiver's transaction: the reset email, rendered with
 * the link to the portal's reset page, stored with its send job. Its key is the request's, so the same event delivered
 * twice, under any message id, sends one email.
 */
export async function sendPasswordResetEmail(ctx: NotificationsContext, trx: Trx, event: PasswordResetRequested): Promise<void> {
  const email = await renderPasswordResetEmail({
    customerName: event.customerName,
    resetUrl: `${ctx.portalOrigin}${passwordResetLinkPath(event.token)}`,
    expiresAt: new Date(event.expiresAt),
  });
  await queueEmail(ctx, trx, { key: passwordResetMessageKey(event.requestId), kind: 'password-reset', recipient: event.email, ...email });
}
