import type { AppointmentLinkReader } from '@repo/service-kit';
import type { Kysely } from 'kysely';
import type { TrackingDatabase } from '../db/schema.ts';
import type { Geocoder } from '../domain/geocoder.ts';
import type { EtaSettings } from '../domain/geo.ts';
import type { TrackingOutbox } from '../domain/outgoing.ts';

/** What tracking's use cases work with; built once per service instance. */
export type TrackingContext = {
  db: Kysely<TrackingDatabase>;
  now: () => Date;
  /** The outbox: what booking must learn is written into the transaction that changes it. */
  effects: TrackingOutbox;
  /** Reads booking's appointment link tokens (X-Appointment-Access). */
  readLink: AppointmentLinkReader;
  /** Places the customer's address when booking's snapshot of the appointment arrives. */
  geocoder: Geocoder;
  /** Average speed and road factor of the ETA (TRACKING_AVERAGE_SPEED_KMH, TRACKING_ROAD_FACTOR). */
  eta: EtaSettings;
};
