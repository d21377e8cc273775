import type { Kysely } from 'kysely';
import type { BookingDatabase } from '../db/schema.ts';
import { AvailabilityCache } from '../domain/availability-cache.ts';
import type { SlotRules } from '../domain/availability.ts';

/** What booking's use cases work with; built once per service instance. */
export type BookingContext = {
  db: Kysely<BookingDatabase>;
  rules: SlotRules;
  now: () => Date;
  /** Dropped for a date by every use case that books or frees a place on it. */
  availability: AvailabilityCache;
};

export const bookingContext = (db: Kysely<BookingDatabase>, rules: SlotRules, now: () => Date): BookingContext =>
  ({ db, rules, now, availability: new AvailabilityCache() });
