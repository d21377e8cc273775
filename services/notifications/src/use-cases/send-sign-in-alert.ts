import { forgotPasswordPagePath, type SignInFailures } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { renderSignInAlertEmail } from '../templates/sign-in-alert-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/** One message per alert: the key a redelivered event meets again. */
export const signInAlertMessageKey = (alertId: string) => `sign-in-alert.${alertId}`;

/**
 * Applies accounts' `account.sign-in-failures` in the receiver's transaction: the email telling the account's owner
 * that someone keeps failing to sign in, with the portal's reset page for a customer, stored with its send job under
 * the alert's key, so the same event delivered twice, under any message id, sends one email.
 */
export async function sendSignInAlert(ctx: NotificationsContext, trx: Trx, event: SignInFailures): Promise<void> {
  const email = await renderSignInAlertEmail({
    firstName: event.firstName,
    scope: event.scope,
    email: event.email,
    failures: event.failures,
    windowMinutes: event.windowMinutes,
    forgotPasswordUrl: `${ctx.portalOrigin}${forgotPasswordPagePath}`,
  });
  await queueEmail(ctx, trx, { key: signInAlertMessageKey(event.alertId), kind: 'sign-in-alert', recipient: event.email, ...email });
}
