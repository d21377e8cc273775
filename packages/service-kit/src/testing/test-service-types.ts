import type { Kysely } from 'kysely';
import type { SessionClaims } from '@repo/contracts';
import type { ServiceApp } from '../service-app.ts';
import type { Database } from '../db/index.ts';

export type TestClaims = Omit<SessionClaims, 'sid'> & { sid?: string };

export type TestService<DB> = {
  app: ServiceApp;
  db: Kysely<DB>;
  database: Database<DB>;
  /**
   * A bearer header value for an active session with these claims, as accounts would mint it. Without a `sid` one is
   * made up; either way the session counts as active in this service until `endSession(sid)`.
   */
  bearer: (claims: TestClaims) => string;
  /** Ends a session made by `bearer`, as a logout at accounts would. */
  endSession: (sid: string) => void;
  close: () => Promise<void>;
};
