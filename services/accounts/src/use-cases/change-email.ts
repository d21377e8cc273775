import { randomUUID } from 'node:crypto';
import { emailChange, emailChangeMessages, emailChangeTopic, type AccountEmailConfirmRequest, type AccountEmailRequest, type SessionClaims } from '@repo/contracts';
import { badRequest, conflict, forbidden, notFound } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import { linkTokenHash, newLinkToken } from '../domain/link-tokens.ts';
import { normalizeEmail } from '../domain/throttle.ts';
import { findCustomerByEmail, findCustomerById, linkCustomersToImported, lockCustomerById, replaceCustomerEmail } from '../repositories/customer-repository.ts';
import {
  deleteEmailedLinksExpiredBefore,
  findEmailedLinkByHash,
  insertEmailChange,
  lockEmailChangeByHash,
  markEmailedLinkUsed,
  replaceOpenEmailedLinks,
} from '../repositories/emailed-link-repository.ts';
import { revokeAccountSessions } from '../repositories/session-repository.ts';
import { checkCustomerPassword, clearAttemptFailures } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';
import { openEmailedLink } from './request-emailed-link.ts';
import { startSession, type NewSession } from './start-session.ts';

/** Changes that expired longer ago than this are dropped when their customer asks again. */
const keepExpiredMs = 24 * 60 * 60_000;

const fullName = (customer: { first_name: string; last_name: string }) => `${customer.first_name} ${customer.last_name}`.trim();

/**
 * The signed-in customer asks to move their account to another email (`PUT /api/auth/email`), with their password
 * (checked as a sign-in attempt: a stolen session alone cannot take the account). Their email stays as it is: in one
 * transaction, with the account's row locked, the earlier open changes end and, for an address no other account has,
 * the change waits with its token's hash and `account.email-change` (proof) has notifications email the link there;
 * for an address another account has, nothing is kept and that account's owner is told (attempt). The answer is the
 * same either way, so the call tells nobody which emails have accounts. The same email (any letter case) changes
 * nothing: `sent` is false.
 */
export async function requestEmailChange(ctx: AccountsContext, session: SessionClaims | null, input: AccountEmailRequest, client: string): Promise<{ sent: boolean; message: string }> {
  const customerId = session?.customerId;
  if (customerId === undefined) throw forbidden('This call is for customer accounts.');
  const customer = await findCustomerById(ctx.db, customerId);
  if (!customer) throw notFound('Your account no longer exists.');
  const attempt = await checkCustomerPassword(ctx, customer, input.password, client, { field: 'password', message: emailChangeMessages.wrongPassword });
  const email = input.email.trim();
  if (normalizeEmail(email) === normalizeEmail(customer.email)) {
    await clearAttemptFailures(ctx.db, attempt);
    return { sent: false, message: emailChangeMessages.unchanged };
  }
  const now = ctx.now();
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + emailChange.linkValidMinutes * 60_000);
  const requestId = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const account = await lockCustomerById(trx, customerId);
    if (!account) throw notFound('Your account no longer exists.');
    await clearAttemptFailures(trx, attempt);
    await replaceOpenEmailedLinks(trx, 'email_changes', customerId, now);
    await deleteEmailedLinksExpiredBefore(trx, 'email_changes', customerId, new Date(now.getTime() - keepExpiredMs));
    const owner = await findCustomerByEmail(trx, email);
    if (owner) {
      await ctx.effects.enqueue(trx, emailChangeTopic, { purpose: 'attempt', requestId, email: owner.email, customerName: fullName(owner) });
      return;
    }
    await insertEmailChange(trx, { id: requestId, customer_id: customerId, new_email: email, token_hash: linkTokenHash(token), expires_at: expiresAt, used_at: null, replaced_at: null, created_at: now });
    await ctx.effects.enqueue(trx, emailChangeTopic, { purpose: 'proof', requestId, email, customerName: fullName(account), token, expiresAt: expiresAt.toISOString() });
  });
  return { sent: true, message: emailChangeMessages.sent.replace('{email}', email) };
}

const emailTaken = () => conflict(emailChangeMessages.emailTaken, { token: emailChangeMessages.emailTaken });

/**
 * The change's emailed link opened, with the account's password (`POST /api/auth/email/confirm`): a link that reached
 * a mistyped address must not give the account to whoever reads it. The link is checked first (a dead one needs a new
 * change, whatever was typed), then the password as a sign-in attempt (a wrong one leaves the link usable). Then, in one
 * transaction that uses the link once (its row locked): the account takes the new email, proven (the link reached its
 * inbox); every session of the customer ends, and this browser starts a new one whose claims carry the new email;
 * records kept under the new email are linked (those already linked stay); and the old address is told
 * (`account.email-change`, changed). An email another account got since the link was sent is a 409, the link unused.
 */
export async function confirmEmailChange(ctx: AccountsContext, { token, password }: AccountEmailConfirmRequest, client: string): Promise<{ session: NewSession; email: string }> {
  const tokenHash = linkTokenHash(token);
  const opened = openEmailedLink(await findEmailedLinkByHash(ctx.db, 'email_changes', tokenHash), ctx.now(), emailChangeMessages);
  const customer = await findCustomerById(ctx.db, opened.customer_id);
  if (!customer) throw badRequest(emailChangeMessages.unknownLink, { token: emailChangeMessages.unknownLink });
  const attempt = await checkCustomerPassword(ctx, customer, password, client, { field: 'password', message: emailChangeMessages.wrongPassword });
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const change = openEmailedLink(await lockEmailChangeByHash(trx, tokenHash), now, emailChangeMessages);
      const account = await lockCustomerById(trx, change.customer_id);
      if (!account) throw badRequest(emailChangeMessages.unknownLink, { token: emailChangeMessages.unknownLink });
      const holder = await findCustomerByEmail(trx, change.new_email);
      if (holder && holder.id !== account.id) throw emailTaken();
      await replaceCustomerEmail(trx, account.id, change.new_email, now);
      await markEmailedLinkUsed(trx, 'email_changes', change.id, now);
      await clearAttemptFailures(trx, attempt);
      await revokeAccountSessions(trx, 'customer', account.id, now);
      await linkCustomersToImported(trx, ctx.fieldService.system, account.id);
      await ctx.effects.enqueue(trx, emailChangeTopic, { purpose: 'changed', requestId: change.id, email: account.email, newEmail: change.new_email, customerName: fullName(account) });
      const session = await startSession(trx, ctx, { id: account.id, role: 'customer', email: change.new_email, emailVerified: true, customerId: account.id });
      return { session, email: change.new_email };
    });
  } catch (err) {
    // Another account took the email between the check and the update.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
