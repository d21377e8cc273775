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
