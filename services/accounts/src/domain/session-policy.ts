import type { Role } from '@repo/contracts';
import type { SessionKind } from '../db/schema.ts';

export type SessionLimits = { idleMs: number; maxMs: number };
/** How long sessions of each kind live: ended after `idleMs` unused and `maxMs` after login, whichever comes first. */
export type SessionPolicy = Record<SessionKind, SessionLimits>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Use is written down at most this often per session, so checking a session does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export function sessionPolicy(env: {
  CUSTOMER_SESSION_IDLE_DAYS: number;
  CUSTOMER_SESSION_MAX_DAYS: number;
  STAFF_SESSION_IDLE_HOURS: number;
  STAFF_SESSION_MAX_HOURS: number;
}): SessionPolicy {
  return {
    customer: { idleMs: env.CUSTOMER_SESSION_IDLE_DAYS * DAY_MS, maxMs: env.CUSTOMER_SESSION_MAX_DAYS * DAY_MS },
    staff: { idleMs: env.STAFF_SESSION_IDLE_HOURS * HOUR_MS, maxMs: env.STAFF_SESSION_MAX_HOURS * HOUR_MS },
  };
}

export const sessionKindOf = (role: Role): SessionKind => (role === 'customer' ? 'customer' : 'staff');
