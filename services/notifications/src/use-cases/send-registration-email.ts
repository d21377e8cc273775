import { confirmEmailLinkPath, customerLoginPagePath, forgotPasswordPagePath, type RegistrationRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { renderEmailProofEmail } from '../templates/email-proof-email.tsx';
import { renderRegistrationAttemptEmail } from '../templates/registration-attempt-email.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/** One message per registration: the key a redelivered event meets again. */
export const registrationMessageKey = (requestId: string) => `registration.${requestId}`;

/**
 * Applies accounts' `account.registration-requested` in the receiver's transaction: for a new email, the confirmation
 * email with the link to the portal's confirmation page; for an email that has an account, the email telling its
 * owner someone tried, with the links to log in and to reset the password. Stored with its send job under the
 * registration's key, so the same event delivered twice, under any message id, sends one email.
 */
export async function sendRegistrationEmail(ctx: NotificationsContext, trx: Trx, event: RegistrationRequested): Promise<void> {
  const email =
    event.purpose === 'email-proof'
      ? await renderEmailProofEmail({ customerName: event.customerName, confirmUrl: `${ctx.portalOrigin}${confirmEmailLinkPath(event.token)}`, expiresAt: new Date(event.expiresAt) })
      : await renderRegistrationAttemptEmail({
        customerName: event.customerName,
        loginUrl: `${ctx.portalOrigin}${customerLoginPagePath}`,
        forgotPasswordUrl: `${ctx.portalOrigin}${forgotPasswordPagePath}`,
      });
  await queueEmail(ctx, trx, { key: registrationMessageKey(event.requestId), kind: event.purpose, recipient: event.email, ...email });
}
