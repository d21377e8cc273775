import { randomUUID } from 'node:crypto';
import { signInFailuresTopic } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import type { CustomerRow, Db, SessionKind, StaffUserRow } from '../db/schema.ts';
import { verifyPassword } from '../domain/passwords.ts';
import { accountThrottled, clientKey, nextAttemptAt, normalizeEmail } from '../domain/throttle.ts';
import {
  countRecentAccountFailures,
  deleteFailures,
  deleteFailuresBefore,
  deletePairFailures,
  findRecentAccountFailures,
  findRecentClientFailures,
  insertFailure,
  lockAccountAttempts,
  lockClientAttempts,
} from '../repositories/login-failure-repository.ts';
import { findSignInAlertSentAt, recordSignInAlert } from '../repositories/sign-in-alert-repository.ts';
import type { AccountsContext } from './context.ts';

/** Who is attempting what: the account (its scope and email as typed) and the client address the attempt comes from. */
export type Attempt = { scope: SessionKind; email: string; client: string };

/**
 * The durable throttle step of login and password change (see `nextAttemptAt` for who is refused). An
 * attempt is written down as a failure before the password is checked (so parallel guesses count too) and
 * `clearAttemptFailures` forgets the ones from this client on this account once an attempt succeeds, while
 * `noteFailedAttempt` tells the owner once the account's failures reach its limit. When refused, it throws 429
 * without checking or recording anything, the same for an email no account has.
 */
export async function takeAccountAttempt(ctx: AccountsContext, { scope, email, client: address }: Attempt): Promise<void> {
  const key = normalizeEmail(email);
  const client = clientKey(address);
  const now = ctx.now();
  const { maxFailures, clientMaxFailures, windowMs } = ctx.throttle;
  const windowStart = new Date(now.getTime() - windowMs);
  await ctx.db.transaction().execute(async (trx) => {
    await lockClientAttempts(trx, client);
    await lockAccountAttempts(trx, scope, key);
    const retryAt = nextAttemptAt(
      {
        pair: await findRecentAccountFailures(trx, scope, key, windowStart, maxFailures, client),
        client: await findRecentClientFailures(trx, client, windowStart, clientMaxFailures),
        account: await findRecentAccountFailures(trx, scope, key, windowStart, maxFailures),
      },
      now,
      ctx.throttle,
    );
    if (retryAt) throw accountThrottled(Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
    await insertFailure(trx, scope, key, client, now);
    await deleteFailuresBefore(trx, windowStart);
  });
}

/** The owner of the account an attempt named, as the alert to them needs it. */
export type AccountOwner = { email: string; firstName: string | null };

export const customerOwner = (customer: CustomerRow): AccountOwner => ({ email: customer.email, firstName: customer.first_name.trim() || null });

/** A back-office account has one name; the greeting takes its first word. */
export const staffOwner = (staff: StaffUserRow): AccountOwner => ({ email: staff.email, firstName: staff.name.trim().split(/\s+/)[0] || null });

/**
 * Called once an attempt's password was wrong (its failure recorded by `takeAccountAttempt` before the check): when
 * the account's recorded failures from all clients within the window reach `maxFailures`, its owner is told someone
 * is guessing their password, by `account.sign-in-failures` published in the transaction that notes the alert, at
 * most once a window. Counting what is recorded takes in parallel guesses, and not an attempt that succeeded (its
 * failure is forgotten); one the throttle refused recorded nothing, so the alert goes at the crossing and not with
 * every refusal. For an email no account has (`owner` undefined) the same statements run up to the alert's, and
 * nothing is published.
 */
export async function noteFailedAttempt(ctx: AccountsContext, { scope, email }: Attempt, owner: AccountOwner | undefined): Promise<void> {
  const key = normalizeEmail(email);
  const now = ctx.now();
  const { maxFailures, windowMs } = ctx.throttle;
  const windowStart = new Date(now.getTime() - windowMs);
  await ctx.db.transaction().execute(async (trx) => {
    // Two failures crossing the limit at once send one alert.
    await lockAccountAttempts(trx, scope, key);
    const failures = await countRecentAccountFailures(trx, scope, key, windowStart);
    if (failures < maxFailures) return;
    const lastAlert = await findSignInAlertSentAt(trx, scope, key);
    if (!owner || (lastAlert && lastAlert > windowStart)) return;
    await recordSignInAlert(trx, scope, key, now);
    await ctx.effects.enqueue(trx, signInFailuresTopic, {
      alertId: randomUUID(),
      scope: scope === 'customer' ? 'customer' : 'back-office',
      email: owner.email,
      firstName: owner.firstName,
      failures,
      windowMinutes: Math.round(windowMs / 60_000),
      at: now.toISOString(),
    });
  });
}

/**
 * A signed-in customer's password asked again before a change to the account (the password itself, the email): taken
 * as an attempt from `client` on the account, so guessing it is throttled like a sign-in; a wrong one is noted (its
 * owner is alerted at the limit) and refused with a 400 naming `field`. Answers the attempt, for the change's
 * transaction to forget its failure with `clearAttemptFailures`.
 */
export async function checkCustomerPassword(
  ctx: AccountsContext,
  customer: CustomerRow,
  password: string,
  client: string,
  refusal: { field: string; message: string },
): Promise<Attempt> {
  const attempt = { scope: 'customer', email: customer.email, client } as const;
  await takeAccountAttempt(ctx, attempt);
  if (!(await verifyPassword(customer.password_hash, password))) {
    await noteFailedAttempt(ctx, attempt, customerOwner(customer));
    throw badRequest(refusal.message, { [refusal.field]: refusal.message });
  }
  return attempt;
}

/**
 * A successful attempt forgets this client's failures on the account. Other clients' stay: the owner signing in must
 * not free an attacker's blocked address.
 */
export const clearAttemptFailures = (db: Db, { scope, email, client }: Attempt) => deletePairFailures(db, scope, normalizeEmail(email), clientKey(client));

/** A password set by the business (a reset) forgets the account's failures from every client. */
export const clearAccountFailures = (db: Db, scope: SessionKind, email: string) => deleteFailures(db, scope, normalizeEmail(email));
