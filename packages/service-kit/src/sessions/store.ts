import { randomBytes } from 'node:crypto';

/**
 * Where the kit asks whether sessions are still active (not logged out, not idle too long, not past their maximum
 * age). Accounts answers from its own database; every other service asks accounts over HTTP (`HttpSessionStore`).
 * Asking counts as use of the session, so a session in use does not idle out.
 */
export type SessionStore = {
  /**
   * The subset of `sids` that is active. Throws `SessionCheckUnavailableError` when it cannot tell; callers then fail
   * closed (503), never open. `fresh` skips any cached answer (the WebSocket sweep wants the current state).
   */
  activeSessions(sids: readonly string[], options?: { fresh?: boolean }): Promise<ReadonlySet<string>>;
};

/** The session store could not answer (accounts unreachable, misconfigured or refusing the signature). */
export class SessionCheckUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'SessionCheckUnavailableError';
  }
}

/**
 * A store for a service started without what it needs to ask accounts (PEER_URLS accounts=…, SERVICE_KEY): every
 * signed-in call answers 503 while anonymous calls keep working, and the problem is logged at start-up.
 */
export class UnconfiguredSessionStore implements SessionStore {
  constructor(readonly problem: string) {}

  async activeSessions(): Promise<ReadonlySet<string>> {
    throw new SessionCheckUnavailableError(this.problem);
  }
}

/** A new session id: 256 random bits, base64url (43 characters). */
export const newSessionId = (): string => randomBytes(32).toString('base64url');
