import type { Kysely } from 'kysely';
import type { BookingDatabase, Trx } from '../db/schema.ts';
import type { AppointmentLinks } from '../domain/appointment-links.ts';
import { AvailabilityCache } from '../domain/availability-cache.ts';
import type { SlotRules } from '../domain/availability.ts';
import type { BookingOutbox } from '../domain/dispatch.ts';
import type { FieldServiceAccess } from '../domain/field-service-from-accounts.ts';

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
  /** The field-service systems the business keeps records in, from which a customer brings in their past visits (through accounts). */
  fieldService: FieldServiceAccess;
  /** Schedules the check of a photo a booking brought, in the booking's transaction (the `process-photo` job). */
  scheduleCheck: (trx: Trx, photoId: number) => Promise<unknown>;
};

export type BookingContextOptions = {
  db: Kysely<BookingDatabase>;
  rules: SlotRules & { BOOKING_CHANGE_CUTOFF_HOURS: number };
  now: () => Date;
  links: AppointmentLinks;
  effects: BookingOutbox;
  fieldService: FieldServiceAccess;
  scheduleCheck: (trx: Trx, photoId: number) => Promise<unknown>;
};

export const bookingContext = ({ db, rules, now, links, effects, fieldService, scheduleCheck }: BookingContextOptions): BookingContext =>
  ({ db, rules, changeCutoffHours: rules.BOOKING_CHANGE_CUTOFF_HOURS, now, availability: new AvailabilityCache(), links, effects, fieldService, scheduleCheck });
