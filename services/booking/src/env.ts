import { z } from 'zod';
import { baseEnvSchema, ed25519PrivateKey } from '@repo/service-kit';
import { defaultServicePorts, findAppointmentLimits, onlineBookingHours } from '@repo/contracts';
import { objectStoreEnvShape } from '@repo/object-store';

/**
 * Booking configuration. Defaults: slots of 60 minutes from 08:00 to 17:00 Eastern, two appointments per slot
 * (two technicians on the road), at least 120 minutes' notice before a slot starts, and changes online up to 24 hours
 * before the start. A customer's past visits in the business's field-service systems are read by accounts, which keeps
 * the connections: booking holds no field-service address or credential.
 */
export const bookingEnvSchema = baseEnvSchema(defaultServicePorts.booking).extend({
  /** Booking's own key for the appointments' manage and track links; the services that honour links get its public half (LINK_PUBLIC_KEY). */
  LINK_PRIVATE_KEY: ed25519PrivateKey('the key booking signs appointment links with'),
  BOOKING_OPEN_TIME: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must look like 08:00').default(onlineBookingHours.opens),
  BOOKING_CLOSE_TIME: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must look like 17:00').default(onlineBookingHours.closes),
  BOOKING_SLOT_MINUTES: z.coerce.number().int().min(15).max(480).default(60),
  BOOKING_SLOT_CAPACITY: z.coerce.number().int().min(1).max(1000).default(2),
  BOOKING_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(120),
  BOOKING_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** "Find my appointment" asks per client in an hour (the emails per address have their own, fixed limit). */
  FIND_APPOINTMENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(findAppointmentLimits.perClientPerHour),
  /** Reschedule and cancel online up to this many hours before the start; later, the customer calls. */
  BOOKING_CHANGE_CUTOFF_HOURS: z.coerce.number().int().min(0).max(30 * 24).default(24),
  /**
   * The longest a customer's import of past visits waits for accounts, which reads them from the field-service system
   * with its own per-request timeouts and retries. Below the gateways' minute per call.
   */
  FIELD_SERVICE_HISTORY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(55_000),
  /** Photo upload slots one client may ask for in an hour in the booking wizard (three photos, with retries). */
  PHOTO_DRAFT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  /** Hours an upload nothing claimed stays in quarantine (a wizard's draft no booking named, a photo never said uploaded) before the hourly sweep removes it. */
  PHOTO_QUARANTINE_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(24),
  // Where appointment photos are kept (`@repo/object-store`): without OBJECT_STORE_URL, none can be taken.
  ...objectStoreEnvShape,
});
export type BookingEnv = z.infer<typeof bookingEnvSchema>;
