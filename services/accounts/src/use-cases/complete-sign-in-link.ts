import { signInLinkMessages, type SignInLinkCompleteRequest } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import { linkTokenHash } from '../domain/link-tokens.ts';
import { findCustomerById, linkCustomersToImported, recordCustomerLogin, recordEmailProven } from '../repositories/customer-repository.ts';
import { findEmailedLinkByHash, lockEmailedLinkByHash, markEmailedLinkUsed } from '../repositories/emailed-link-repository.ts';
import { clearAttemptFailures } from './account-attempts.ts';
import type { AccountsContext } from './context.ts';
import { openEmailedLink } from './request-emailed-link.ts';
import { startSession, type NewSession } from './start-session.ts';

/**
 * A session from an emailed sign-in link. The link is checked first (a 400 naming the token when it cannot be used);
 * then, in one transaction that uses it once (its row locked, so two presses cannot both use it), the email counts as
 * proven (the link reached its inbox), this client's failed sign-ins on the account are forgotten, the customer is
 * linked to an imported record their now proven email matches, and a customer session begins, as a login's does. The
 * account's password is untouched, and its other sessions go on.
 */
export async function completeSignInLink(ctx: AccountsContext, { token }: SignInLinkCompleteRequest, client: string): Promise<NewSession> {
  const tokenHash = linkTokenHash(token);
  openEmailedLink(await findEmailedLinkByHash(ctx.db, 'sign_in_links', tokenHash), ctx.now(), signInLinkMessages);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const link = openEmailedLink(await lockEmailedLinkByHash(trx, 'sign_in_links', tokenHash), now, signInLinkMessages);
    const customer = await findCustomerById(trx, link.customer_id);
    if (!customer) throw badRequest(signInLinkMessages.unknownLink, { token: signInLinkMessages.unknownLink });
    await markEmailedLinkUsed(trx, 'sign_in_links', link.id, now);
    await recordEmailProven(trx, customer.id, now);
    await clearAttemptFailures(trx, { scope: 'customer', email: customer.email, client });
    await recordCustomerLogin(trx, customer.id, now);
    if (!customer.service_pro_customer_id) await linkCustomersToImported(trx, ctx.fieldService.system, customer.id);
    return startSession(trx, ctx, { id: customer.id, role: 'customer', email: customer.email, emailVerified: true, customerId: customer.id });
  });
}
