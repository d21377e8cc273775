import { authMessages, errorCodes } from '@repo/contracts';
import { DomainError } from '@repo/service-kit';

/** How an email is counted in the per-account throttle: the same account whatever its letter case or surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type ThrottleSettings = { maxFailures: number; windowMs: number };

/** 429 that carries when to try again; the routes send it as Retry-After. */
export class TooManyAttemptsError extends DomainError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, errorCodes.rateLimited, message);
  }
}

/** Too many failures on one account: the spec's message with the whole minutes (at least 1) until the next try. */
export function accountThrottled(retryAfterSeconds: number): TooManyAttemptsError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyAttemptsError(authMessages.accountThrottled.replace('{minutes}', String(minutes)), retryAfterSeconds);
}

/**
 * When the next attempt is allowed, given the failures within the window newest first: once fewer than `maxFailures`
 * fall within the window, i.e. when the `maxFailures`-th newest leaves it. Undefined when an attempt is allowed now.
 */
export function nextAttemptAt(failuresNewestFirst: readonly Date[], now: Date, { maxFailures, windowMs }: ThrottleSettings): Date | undefined {
  const inWindow = failuresNewestFirst.filter((at) => at.getTime() > now.getTime() - windowMs);
  if (inWindow.length < maxFailures) return undefined;
  return new Date(inWindow[maxFailures - 1]!.getTime() + windowMs);
}
