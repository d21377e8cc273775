import type { AppointmentLinkReader } from '@repo/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TrackingDatabase } from '../db/schema.ts';
import type { Geocoder } from '../domain/geocoder.ts';
import type { Router } from '../domain/road-estimate.ts';
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
  /** Places the customer's address at its ZIP's or town's centre, offline: the fallback (`placeAddress`). */
  geocoder: Geocoder;
  /** Finds the street address (Nominatim, GEOCODER_URL); absent, addresses are placed offline only. */
  streetGeocoder?: Geocoder;
  /** Road distance and driving time (OSRM, ROUTING_URL); absent, the ETA is the straight line's. */
  router?: Router;
  /** Where a vendor's failure is noted (the fallback is used and nothing fails). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Average speed and road factor of the ETA (TRACKING_AVERAGE_SPEED_KMH, TRACKING_ROAD_FACTOR). */
  eta: EtaSettings;
  /** How long a visit is reckoned to take for the day's routes (TRACKING_VISIT_MINUTES). */
  visitMinutes: number;
};
