import { confirmEmailChangeLinkPath, customerLoginPagePath, forgotPasswordPagePath, type EmailChange, type MessageKind } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { copyChoices, preferenceOwner } from '../repositories/preference-repository.ts';
import { renderEmailChangeAttemptEmail } from '../templates/email-change-attempt-email.tsx';
import { renderEmailChangedEmail } from '../templates/email-changed-email.tsx';
import { renderEmailChangeProofEmail } from '../templates/email-change-proof-email.tsx';
import type { RenderedEmail } from '../templates/layout.tsx';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/** One message per email change and purpose: the key a redelivered event meets again. */
export const emailChangeMessageKey = (requestId: string, purpose: EmailChange['purpose']) => `email-change.${requestId}.${purpose}`;

/** The message kind of each purpose. */
export const emailChangeKinds = {
  proof: 'email-change-proof',
  attempt: 'email-change-attempt',
  changed: 'email-changed',
} as const satisfies Record<EmailChange['purpose'], MessageKind>;

function renderFor(ctx: NotificationsContext, event: EmailChange): Promise<RenderedEmail> {
  switch (event.purpose) {
    case 'proof':
      return renderEmailChangeProofEmail({ customerName: event.customerName, confirmUrl: `${ctx.portalOrigin}${confirmEmailChangeLinkPath(event.token)}`, expiresAt: new Date(event.expiresAt) });
    case 'attempt':
      return renderEmailChangeAttemptEmail({
        customerName: event.customerName,
        loginUrl: `${ctx.portalOrigin}${customerLoginPagePath}`,
        forgotPasswordUrl: `${ctx.portalOrigin}${forgotPasswordPagePath}`,
      });
    case 'changed':
      return renderEmailChangedEmail({ customerName: event.customerName, newEmail: event.newEmail });
  }
}

/**
 * Applies accounts' `account.email-change` in the receiver's transaction: for `proof`, the email to the new address
 * with the link to the portal's confirmation page; for `attempt`, the email telling the owner of an address that has
 * an account that someone asked to move another account to it, with the links to log in and to reset the password;
 * for `changed`, the email telling the old address the account now uses another (masked), and the choices of messages
 * made under the old address carried over to the new one (those the new address made already kept). Stored with its
 * send job under the change's key and purpose, so the same event delivered twice, under any message id, sends one
 * email; the choices are carried over only with the first, so a choice changed since is not undone by a redelivery.
 */
export async function sendEmailChangeEmail(ctx: NotificationsContext, trx: Trx, event: EmailChange): Promise<void> {
  const email = await renderFor(ctx, event);
  const queued = await queueEmail(ctx, trx, { key: emailChangeMessageKey(event.requestId, event.purpose), kind: emailChangeKinds[event.purpose], recipient: event.email, ...email });
  if (queued !== undefined && event.purpose === 'changed') await copyChoices(trx, preferenceOwner(event.email), preferenceOwner(event.newEmail));
}
