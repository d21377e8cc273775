import { passwordResetLinkPath, signInLinkUrlPath, type PasswordResetRequested, type SignInLinkRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { renderPasswordResetEmail } from '../templates/password-reset-email.tsx';
import { renderSignInLinkEmail } from '../templates/sign-in-link-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/** One message per reset request: the key a redelivered event meets again. */
export const passwordResetMessageKey = (requestId: string) => `password-reset.${requestId}`;
/** One message per sign-in link request. */
export const signInLinkMessageKey = (requestId: string) => `sign-in-link.${requestId}`;

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

/** Applies accounts' `account.sign-in-link-requested`, as the reset request above: the email with the portal's sign-in link. */
export async function sendSignInLinkEmail(ctx: NotificationsContext, trx: Trx, event: SignInLinkRequested): Promise<void> {
  const email = await renderSignInLinkEmail({
    customerName: event.customerName,
    signInUrl: `${ctx.portalOrigin}${signInLinkUrlPath(event.token)}`,
    expiresAt: new Date(event.expiresAt),
  });
  await queueEmail(ctx, trx, { key: signInLinkMessageKey(event.requestId), kind: 'sign-in-link', recipient: event.email, ...email });
}
