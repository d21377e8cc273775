import type { Kysely } from 'kysely';
import type { ScheduledJobs } from '@repo/service-kit';
import type { AccountsDatabase } from '../db/schema.ts';
import type { FieldServiceAccess, SystemConnections } from '../domain/field-service.ts';
import type { ConnectionSettingsContext } from '../domain/field-service-settings.ts';
import type { JobberSettings, StoredJobberTokens } from '../domain/jobber-settings.ts';
import type { AccountsOutbox } from '../domain/outgoing.ts';
import type { SessionPolicy } from '../domain/session-policy.ts';
import type { ThrottleSettings } from '../domain/throttle.ts';
import type { AccountsJobs } from '../jobs/index.ts';

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
  /** Every system's connection, for booking's customers bringing their past visits in (use-cases/field-service-for-booking.ts). */
  systems: SystemConnections;
  /** What the administrator's ServiceTitan and ServicePro settings are read, sealed and tested with. */
  connections: ConnectionSettingsContext;
  /** The Jobber connection's settings and the tokens kept (encrypted) in accounts' database. */
  jobber: JobberSettings;
  jobberTokens: StoredJobberTokens;
  /** Accounts' durable jobs (src/jobs), in its own database's queue: the customer import's pages. */
  jobs: ScheduledJobs<AccountsJobs>;
  /** What accounts tells other services, written into the use case's transaction (a reset link to email). */
  effects: AccountsOutbox;
};
