import type { AppointmentLinkClaims } from '@repo/contracts';
import type { Kysely } from 'kysely';
import type { TrackingDatabase } from '../db/schema.ts';
import type { TrackingOutbox } from '../domain/outgoing.ts';

/** What tracking's use cases work with; built once per service instance. */
export type TrackingContext = {
  db: Kysely<TrackingDatabase>;
  now: () => Date;
  /** The outbox: what booking must learn is written into the transaction that changes it. */
  effects: TrackingOutbox;
  /** Reads booking's appointment link tokens (X-Appointment-Access). */
  readLink: (token: string) => AppointmentLinkClaims | undefined;
};
