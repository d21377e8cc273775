import type { Kysely } from 'kysely';
import type { TrackingDatabase } from '../db/schema.ts';
import type { LiveHub } from '../domain/live-hub.ts';

/** What tracking's use cases work with; built once per service instance. */
export type TrackingContext = { db: Kysely<TrackingDatabase>; hub: LiveHub; now: () => Date };
