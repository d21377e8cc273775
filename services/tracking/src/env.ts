import { baseEnvSchema, ed25519PublicKey } from '@repo/service-kit';
import { defaultServicePorts, wsLimits } from '@repo/contracts';
import { z } from 'zod';

const positive = (fallback: number) => z.coerce.number().positive().default(fallback);

export const trackingEnvSchema = baseEnvSchema(defaultServicePorts.tracking).extend({
  /** Booking's public link key: tracking honours manage and track links with it and cannot make one. */
  LINK_PUBLIC_KEY: ed25519PublicKey("booking's key that appointment links are verified with"),
  /** Average driving speed for the ETA, km/h. */
  TRACKING_AVERAGE_SPEED_KMH: positive(40),
  /** Road distance over straight-line distance, for the ETA (roads are longer than the crow flies). */
  TRACKING_ROAD_FACTOR: z.coerce.number().min(1).max(5).default(1.3),
  /** How long a visit is reckoned to take when the dispatch board checks whether the next one can be reached in time. */
  TRACKING_VISIT_MINUTES: z.coerce.number().int().min(5).max(480).default(60),
  /**
   * A Nominatim server to find customers' street addresses with (e.g. https://nominatim.openstreetmap.org); unset,
   * addresses are placed offline at their ZIP's or town's centre only (shown as approximate).
   */
  GEOCODER_URL: z.string().url('GEOCODER_URL must be an http(s) address').refine((url) => /^https?:/.test(url), 'GEOCODER_URL must be an http(s) address').optional(),
  /** How tracking names itself to the geocoder, as Nominatim's usage policy requires. */
  GEOCODER_USER_AGENT: z.string().min(1).default('st-augustine-appliance-repair-tracking/1.0'),
  /** A contact address sent with each search (Nominatim's `email`), as the policy asks of regular users. */
  GEOCODER_EMAIL: z.string().email('GEOCODER_EMAIL must be an email address').optional(),
  /** How long one search may take, and how long a lookup may wait for its turn, ms. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2_000),
  /**
   * The least time between two searches' starts in this process, ms (the public Nominatim allows one a second from all
   * replicas together: see request-spacing.ts).
   */
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(50).default(1_000),
  /** An OSRM server for road distance and driving time (e.g. http://osrm:5000); unset, the ETA is the straight line's. */
  ROUTING_URL: z.string().url('ROUTING_URL must be an http(s) address').refine((url) => /^https?:/.test(url), 'ROUTING_URL must be an http(s) address').optional(),
  /** How long one route request may take, ms (a position report waits for it). */
  ROUTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1_500),
  /** Ping interval of /ws; a socket that has not answered the previous ping is dropped. */
  WS_HEARTBEAT_MS: z.coerce.number().int().min(50).default(wsLimits.heartbeatMs),
  /** Live sockets one client address may hold at once. */
  WS_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(wsLimits.connectionsPerClient),
  /**
   * How long a live socket's place under that cap outlasts its replica's last renewal (renewed every third of it): how
   * soon the places of a replica that crashed are free again.
   */
  WS_LEASE_TTL_MS: z.coerce.number().int().min(300).default(30_000),
  /** The embedded demo drives a demo technician toward a demo appointment (`pnpm start` sets it). */
  DEMO_DRIVER: z.enum(['true', 'false']).default('false'),
  /** How often the demo driver moves, ms. */
  DEMO_DRIVER_INTERVAL_MS: z.coerce.number().int().min(100).default(3_000),
  /** How often technicians' positions older than the privacy policy's period are forgotten, ms (hourly). */
  POSITION_PURGE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(3_600_000),
});
export type TrackingEnv = z.infer<typeof trackingEnvSchema>;
