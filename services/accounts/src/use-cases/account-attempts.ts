import type { Db, SessionKind } from '../db/schema.ts';
import { accountThrottled, clientKey, nextAttemptAt, normalizeEmail } from '../domain/throttle.ts';
import {
  deleteFailures,
  deleteFailuresBefore,
  deletePairFailures,
  findRecentAccountFailures,
  findRecentClientFailures,
  insertFailure,
  lockAccountAttempts,
  lockClientAttempts,
} from '../repositories/login-failure-repository.ts';
import type { AccountsContext } from './context.ts';

/** Who is attempting what: the account (its scope and email as typed) and the client address the attempt comes from. */
export type Attempt = { scope: SessionKind; email: string; client: string };

/**
 * The durable throttle step of login and password change (see `nextAttemptAt` for who is refused). An
 * attempt is written down as a failure before the password is checked (so parallel guesses count too) and
 * `clearAttemptFailures` forgets the ones from this client on this account once an attempt succeeds. When refused, it
 * throws 429 without checking anything, the same for an email no account has.
 *
 * Later: once outgoing email exists, tell the account's owner when their account is under attack (the account-wide
 * count reaching its limit), so they know why a sign-in from a device they mistyped on is asked to wait.
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

/**
 * A successful attempt forgets this client's failures on the account. Other clients' stay: the owner signing in must
 * not free an attacker's blocked address.
 */
export const clearAttemptFailures = (db: Db, { scope, email, client }: Attempt) => deletePairFailures(db, scope, normalizeEmail(email), clientKey(client));

/** A password set by the business (a reset) forgets the account's failures from every client. */
export const clearAccountFailures = (db: Db, scope: SessionKind, email: string) => deleteFailures(db, scope, normalizeEmail(email));
