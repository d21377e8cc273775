import { randomUUID } from 'node:crypto';
import {
  passwordReset,
  passwordResetRequestedTopic,
  signInLink,
  signInLinkRequestedTopic,
  type PasswordResetRequest,
  type SignInLinkRequest,
} from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import type { EmailedLinkRow } from '../db/schema.ts';
import { newLinkToken, linkTokenHash } from '../domain/link-tokens.ts';
import { lockCustomerByEmail } from '../repositories/customer-repository.ts';
import { deleteEmailedLinksExpiredBefore, insertEmailedLink, replaceOpenEmailedLinks, type EmailedLinkTable } from '../repositories/emailed-link-repository.ts';
import type { AccountsContext } from './context.ts';

/** Links that expired longer ago than this are dropped when their customer asks again. */
const keepExpiredMs = 24 * 60 * 60_000;
/** No customer has this id (ids start at 1): an unknown email's statements run on it and change nothing. */
const nobody = 0;

/** One kind of emailed link: where it is kept, how long it works, and the event that has notifications email it. */
type EmailedLinkKind = {
  table: Exclude<EmailedLinkTable, 'email_changes'>;
  validMinutes: number;
  topic: typeof passwordResetRequestedTopic | typeof signInLinkRequestedTopic;
};
const passwordResetLinks: EmailedLinkKind = { table: 'password_resets', validMinutes: passwordReset.linkValidMinutes, topic: passwordResetRequestedTopic };
const signInLinks: EmailedLinkKind = { table: 'sign_in_links', validMinutes: signInLink.linkValidMinutes, topic: signInLinkRequestedTopic };

/**
 * A link of this kind for the account with this email, if there is one: the earlier open links of that kind end, the
 * new link's token hash is stored, and the kind's event (with the token, for notifications to email) is published in
 * the same transaction. For an email no account has, nothing is stored or sent. The caller answers the same either
 * way; both ways make a token and run the same statements up to the insert, so the answer takes about as long.
 */
async function requestEmailedLink(ctx: AccountsContext, kind: EmailedLinkKind, email: string): Promise<void> {
  const now = ctx.now();
  const token = newLinkToken();
  const tokenHash = linkTokenHash(token);
  const expiresAt = new Date(now.getTime() + kind.validMinutes * 60_000);
  await ctx.db.transaction().execute(async (trx) => {
    // Locked, so two requests at once leave one open link.
    const customer = await lockCustomerByEmail(trx, email);
    const customerId = customer?.id ?? nobody;
    await replaceOpenEmailedLinks(trx, kind.table, customerId, now);
    await deleteEmailedLinksExpiredBefore(trx, kind.table, customerId, new Date(now.getTime() - keepExpiredMs));
    if (!customer) return;
    const requestId = randomUUID();
    await insertEmailedLink(trx, kind.table, { id: requestId, customer_id: customer.id, token_hash: tokenHash, expires_at: expiresAt, used_at: null, replaced_at: null, created_at: now });
    await ctx.effects.enqueue(trx, kind.topic, {
      requestId,
      email: customer.email,
      customerName: `${customer.first_name} ${customer.last_name}`.trim(),
      token,
      expiresAt: expiresAt.toISOString(),
    });
  });
}

/** A password reset link (`POST /api/auth/password-reset`). */
export const requestPasswordReset = (ctx: AccountsContext, { email }: PasswordResetRequest) => requestEmailedLink(ctx, passwordResetLinks, email);

/** A sign-in link (`POST /api/auth/sign-in-link`). */
export const requestSignInLink = (ctx: AccountsContext, { email }: SignInLinkRequest) => requestEmailedLink(ctx, signInLinks, email);

/** Why a link cannot be used, in the words of its kind. */
type LinkRefusals = { unknownLink: string; usedLink: string; replacedLink: string; expiredLink: string };

/** 400 naming the token when the link cannot be used (unknown, used, replaced by a newer one, or expired); the open link otherwise. */
export function openEmailedLink<Link extends EmailedLinkRow>(link: Link | undefined, now: Date, messages: LinkRefusals): Link {
  const refuse = (message: string) => badRequest(message, { token: message });
  if (!link) throw refuse(messages.unknownLink);
  if (link.used_at) throw refuse(messages.usedLink);
  if (link.replaced_at) throw refuse(messages.replacedLink);
  if (link.expires_at.getTime() <= now.getTime()) throw refuse(messages.expiredLink);
  return link;
}
