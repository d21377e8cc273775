import type { SessionStore } from './store.ts';
import { newSessionId } from './store.ts';

/**
 * Sessions held in memory, for tests only: `createTestService` gives one to every app it builds so that
 * `bearer(claims)` can stand in for a login at accounts. Production never builds one.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, boolean>();

  /** Registers an active session (a new id unless one is given) and returns its id. */
  open(sid: string = newSessionId()): string {
    this.sessions.set(sid, true);
    return sid;
  }

  /** Ends a session, as a logout at accounts would. */
  end(sid: string): void {
    if (this.sessions.has(sid)) this.sessions.set(sid, false);
  }

  knows(sid: string): boolean {
    return this.sessions.has(sid);
  }

  async activeSessions(sids: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(sids.filter((sid) => this.sessions.get(sid) === true));
  }
}

/** Sessions the memory store knows are answered by it; the rest by the app's own store. */
export function layeredSessionStore(memory: MemorySessionStore, rest: SessionStore): SessionStore {
  return {
    async activeSessions(sids, options) {
      const known = sids.filter((sid) => memory.knows(sid));
      const others = sids.filter((sid) => !memory.knows(sid));
      const active = new Set(await memory.activeSessions(known));
      if (others.length > 0) for (const sid of await rest.activeSessions(others, options)) active.add(sid);
      return active;
    },
  };
}
