import { registrationMessages, type ConfirmEmailRequest } from '@repo/contracts';
import { badRequest, conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import type { PendingRegistrationRow } from '../db/schema.ts';
import { linkTokenHash } from '../domain/link-tokens.ts';
import { verifyPassword } from '../domain/passwords.ts';
import { findCustomerByEmail, insertCustomer, linkCustomersToImported } from '../repositories/customer-repository.ts';
import { findPendingRegistrationByHash, lockPendingRegistrationByHash, markPendingRegistrationUsed } from '../repositories/pending-registration-repository.ts';
import type { AccountsContext } from './context.ts';
import { startSession, type NewSession } from './start-session.ts';

/** 400 naming the token when the link cannot be used (unknown, used, replaced by a newer registration, or expired); the open registration otherwise. */
function openRegistration(pending: PendingRegistrationRow | undefined, now: Date): PendingRegistrationRow {
  const refuse = (message: string) => badRequest(message, { token: message });
  if (!pending) throw refuse(registrationMessages.unknownLink);
  if (pending.used_at) throw refuse(registrationMessages.usedLink);
  if (pending.replaced_at) throw refuse(registrationMessages.replacedLink);
  if (pending.expires_at.getTime() <= now.getTime()) throw refuse(registrationMessages.expiredLink);
  return pending;
}

const emailTaken = () => conflict(registrationMessages.emailTaken, { token: registrationMessages.emailTaken });

/**
 * A registration's emailed link opened, with the password chosen at registration: in one transaction that uses the
 * link once (its row locked, so two openings cannot both use it), the account is created from what the registration
 * kept, its email proven (the link reached its inbox), linked to the imported customer with that email if there is
 * one, and signed in. The link alone is not enough, since anyone can register someone else's email: its owner would
 * then create, by confirming, an account the stranger signs in to, with their proven email and service history. So
 * another password is a 400 naming the password that creates nothing and leaves the link usable (it is checked
 * before the transaction; a registration's hash never changes while its link is open). An email that got an account
 * after the link was sent is a 409 (the link stays unused: it can never create this account).
 */
export async function confirmRegistration(ctx: AccountsContext, { token, password }: ConfirmEmailRequest): Promise<NewSession> {
  const tokenHash = linkTokenHash(token);
  const opened = openRegistration(await findPendingRegistrationByHash(ctx.db, tokenHash), ctx.now());
  if (!(await verifyPassword(opened.password_hash, password))) {
    throw badRequest(registrationMessages.wrongPassword, { password: registrationMessages.wrongPassword });
  }
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const pending = openRegistration(await lockPendingRegistrationByHash(trx, tokenHash), now);
      if (await findCustomerByEmail(trx, pending.email)) throw emailTaken();
      const customer = await insertCustomer(trx, {
        first_name: pending.first_name,
        last_name: pending.last_name,
        email: pending.email,
        phone: pending.phone,
        address: pending.address,
        password_hash: pending.password_hash,
        service_pro_customer_id: null,
        last_login: now,
        email_verified_at: now,
      });
      await markPendingRegistrationUsed(trx, pending.id, now);
      await linkCustomersToImported(trx, ctx.fieldService.system, customer.id);
      return startSession(trx, ctx, { id: customer.id, role: 'customer', email: customer.email, emailVerified: true, customerId: customer.id });
    });
  } catch (err) {
    // Another registration of the email finished between the check and the insert.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
