import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db/schema.ts';
import type { FieldServiceAccess } from '../domain/field-service.ts';
import type { SessionPolicy } from '../domain/session-policy.ts';
import type { ThrottleSettings } from '../domain/throttle.ts';
import type { BackgroundRuns } from './background-runs.ts';

/** What accounts' use cases work with; built once per service instance. */
export type AccountsContext = {
  db: Kysely<AccountsDatabase>;
  now: () => Date;
  /** Idle time and maximum age of customer and staff sessions. */
  sessions: SessionPolicy;
  /** Failed attempts allowed per account and client address, and per client address, within the window. */
  throttle: ThrottleSettings;
  /** The configured field-service system (imports, phone lookup, linked history). */
  fieldService: FieldServiceAccess;
  /** The customer imports running in this process, stopped when the service closes. */
  imports: BackgroundRuns;
};
