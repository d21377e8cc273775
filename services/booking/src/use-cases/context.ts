import type { Kysely } from 'kysely';
import type { ServiceSystemId } from '@repo/contracts';
import type { FieldServiceConnector } from '@repo/field-service';
import type { BookingDatabase } from '../db/schema.ts';
import type { AppointmentLinks } from '../domain/appointment-links.ts';
import { AvailabilityCache } from '../domain/availability-cache.ts';
import type { SlotRules } from '../domain/availability.ts';
import type { BookingOutbox } from '../domain/dispatch.ts';

/** The field-service systems a customer imports their own history from. */
export type FieldServiceAccess = {
  /** True when the systems reached are the local sandboxes with demo data (the embedded default). */
  sandbox: boolean;
  /** A connector for one import, with the credentials the customer typed (used for that import, never kept). */
  connect: (system: ServiceSystemId, credentials: Record<string, string>) => FieldServiceConnector;
};

/** What booking's use cases work with; built once per service instance. */
export type BookingContext = {
  db: Kysely<BookingDatabase>;
  rules: SlotRules;
  /** Reschedule and cancel online up to this many hours before the start. */
  changeCutoffHours: number;
  now: () => Date;
  /** Dropped for a date by every use case that books or frees a place on it. */
  availability: AvailabilityCache;
  /** Signs and reads the appointments' manage and track links. */
  links: AppointmentLinks;
  /** The outbox: what tracking must learn is written into the transaction that changes it. */
  effects: BookingOutbox;
  fieldService: FieldServiceAccess;
};

export type BookingContextOptions = {
  db: Kysely<BookingDatabase>;
  rules: SlotRules & { BOOKING_CHANGE_CUTOFF_HOURS: number };
  now: () => Date;
  links: AppointmentLinks;
  effects: BookingOutbox;
  fieldService: FieldServiceAccess;
};

export const bookingContext = ({ db, rules, now, links, effects, fieldService }: BookingContextOptions): BookingContext =>
  ({ db, rules, changeCutoffHours: rules.BOOKING_CHANGE_CUTOFF_HOURS, now, availability: new AvailabilityCache(), links, effects, fieldService });
