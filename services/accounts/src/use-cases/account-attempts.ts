import type { Db, SessionKind } from '../db/schema.ts';
import { accountThrottled, nextAttemptAt, normalizeEmail } from '../domain/throttle.ts';
import {
  deleteFailures,
  deleteFailuresBefore,
  findRecentFailures,
  insertFailure,
  lockAccountAttempts,
} from '../repositories/login-failure-repository.ts';
import type { AccountsContext } from './context.ts';

/**
 * The per-account throttle step of login, registration and password change. An attempt is written down as a failure
 * before the password is checked (so parallel guesses count too) and `clearAccountFailures` forgets them all once an
 * attempt succeeds. Past the limit it throws 429 without checking anything, the same for an email no account has.
 */
export async function takeAccountAttempt(ctx: AccountsContext, scope: SessionKind, email: string): Promise<void> {
  const key = normalizeEmail(email);
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - ctx.throttle.windowMs);
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccountAttempts(trx, scope, key);
    const recent = await findRecentFailures(trx, scope, key, windowStart, ctx.throttle.maxFailures);
    const retryAt = nextAttemptAt(recent, now, ctx.throttle);
    if (retryAt) throw accountThrottled(Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
    await insertFailure(trx, scope, key, now);
    await deleteFailuresBefore(trx, windowStart);
  });
}

/** A successful attempt clears the account's failures. */
export const clearAccountFailures = (db: Db, scope: SessionKind, email: string) => deleteFailures(db, scope, normalizeEmail(email));
