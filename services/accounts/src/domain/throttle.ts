import { isIPv6 } from 'node:net';
import { authMessages, emailChangeMessages, errorCodes, passwordResetMessages, phoneCodeMessages, registrationMessages, signInLinkMessages } from '@repo/contracts';
import { DomainError } from '@repo/service-kit';

/** How an email is counted in the per-account throttle: the same account whatever its letter case or surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * How a client address is counted: an IPv4 address (also when written IPv4-mapped, ::ffff:a.b.c.d) as itself, an IPv6
 * address by its /64 network, since one subscriber is usually given a whole /64 and could otherwise take a new address
 * for every guess.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const bare = address.split('%')[0]!;
  // An IPv4 tail (the last 32 bits) stands for two groups.
  const groups = (part: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const [head = '', tail] = bare.split('::');
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const full = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${full.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * `maxFailures`: failures on one account from one client within the window before that client is refused on that
 * account; the same number from all clients together marks the account as under attack (see `nextAttemptAt`).
 * `clientMaxFailures`: failures from one client on any accounts within the window before that client is refused
 * everywhere.
 */
export type ThrottleSettings = { maxFailures: number; clientMaxFailures: number; windowMs: number };

/** The failures within the window that bear on one attempt, each list newest first. */
export type RecentFailures = {
  /** On this account from this client (at most `maxFailures`). */
  pair: readonly Date[];
  /** From this client on any account (at most `clientMaxFailures`). */
  client: readonly Date[];
  /** On this account from any client (at most `maxFailures`). */
  account: readonly Date[];
};

/** 429 that carries when to try again; the routes send it as Retry-After. */
export class TooManyAttemptsError extends DomainError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, errorCodes.rateLimited, message);
  }
}

/** A throttle's message with `{minutes}` replaced by the whole minutes (at least 1) until the next try. */
const withMinutes = (message: string, retryAfterSeconds: number) => message.replace('{minutes}', String(Math.max(1, Math.ceil(retryAfterSeconds / 60))));

/** A 429 in `message`'s words, with the whole minutes (at least 1) until the next try. */
const throttled = (message: string) => (retryAfterSeconds: number) => new TooManyAttemptsError(withMinutes(message, retryAfterSeconds), retryAfterSeconds);

/** Too many failures from this client. */
export const accountThrottled = throttled(authMessages.accountThrottled);
/** Too many reset requests for an email or from a client. */
export const passwordResetThrottled = throttled(passwordResetMessages.throttled);
/** Too many sign-in link requests for an email or from a client. */
export const signInLinkThrottled = throttled(signInLinkMessages.throttled);
/** Too many phone codes for an account, a number or from a client. */
export const phoneCodeThrottled = throttled(phoneCodeMessages.throttled);
/** Too many registrations for an email or from a client. */
export const registrationThrottled = throttled(registrationMessages.throttled);
/** Too many email changes for an account, a new address or from a client. */
export const emailChangeThrottled = throttled(emailChangeMessages.throttled);

/**
 * When this client's next attempt on this account is allowed; undefined when it is allowed now. Only the guessing
 * client is ever refused, never the right password from a client that has not been failing:
 * - the (account, client) pair: refused once `maxFailures` of its failures fall within the window, until the oldest
 *   of them leaves it;
 * - the client: refused on every account once `clientMaxFailures` of its failures (on any accounts) fall within the
 *   window, until the oldest of them leaves it (one client spraying passwords over many accounts);
 * - the account: once `maxFailures` failures from all clients together fall within the window, the account is under
 *   attack and a client with any failure on it within the window is refused, until its own newest failure leaves the
 *   window or the account's count drops below the limit, whichever is first. So guessing from many addresses gets one
 *   try per address and window, while a client with no recent failure on the account (its owner, typically) still
 *   signs in with the right password.
 * With several refusals, the attempt waits for the last of them to lift.
 */
export function nextAttemptAt(failures: RecentFailures, now: Date, { maxFailures, clientMaxFailures, windowMs }: ThrottleSettings): Date | undefined {
  const inWindow = (list: readonly Date[]) => list.filter((at) => at.getTime() > now.getTime() - windowMs);
  const leaves = (at: Date) => at.getTime() + windowMs;
  const pair = inWindow(failures.pair);
  const client = inWindow(failures.client);
  const account = inWindow(failures.account);
  const lifts: number[] = [];
  if (pair.length >= maxFailures) lifts.push(leaves(pair[maxFailures - 1]!));
  if (client.length >= clientMaxFailures) lifts.push(leaves(client[clientMaxFailures - 1]!));
  if (account.length >= maxFailures && pair.length > 0) lifts.push(Math.min(leaves(pair[0]!), leaves(account[maxFailures - 1]!)));
  return lifts.length ? new Date(Math.max(...lifts)) : undefined;
}
