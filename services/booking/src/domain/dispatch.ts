import {
  appointmentChangedEvent,
  appointmentChangedTopic,
  appointmentDispatchEffect,
  appointmentDispatchTopic,
  appointmentLinksRequestedEvent,
  appointmentLinksRequestedTopic,
  customerDeletionCompletedEffect,
  customerDeletionCompletedTopic,
  type AppointmentChange,
  type AppointmentChanged,
  type AppointmentHistoryAction,
  type AppointmentDispatch,
  type AppointmentStatus,
} from '@repo/contracts';
import type { Effects } from '@repo/service-kit';
import type { AppointmentRow, Trx } from '../db/schema.ts';
import { insertHistoryEntry } from '../repositories/appointment-history-repository.ts';
import { linkExpiry, type AppointmentLinks } from './appointment-links.ts';
import { businessIsoString, slotTimes } from './slot-time.ts';

/**
 * What booking tells other services through its outbox: notifications sends the customer's emails from
 * `appointment.changed` and the "find my appointment" email from `appointment.links-requested`, and a deployment adds
 * subscribers with EVENT_SUBSCRIBERS.
 */
export const bookingOutgoing = {
  [appointmentDispatchTopic]: { to: 'tracking', schema: appointmentDispatchEffect },
  [appointmentChangedTopic]: { to: ['notifications', 'payments'], schema: appointmentChangedEvent },
  [appointmentLinksRequestedTopic]: { to: ['notifications'], schema: appointmentLinksRequestedEvent },
  [customerDeletionCompletedTopic]: { to: ['accounts'], schema: customerDeletionCompletedEffect },
} as const;

/** The part of booking's effects its use cases use: writing a message into their transaction. */
export type BookingOutbox = Pick<Effects<typeof bookingOutgoing>, 'enqueue'>;

/** What announcing a change takes: the outbox, and the link signer for the links the event carries. */
export type ChangeAnnouncer = { effects: BookingOutbox; links: AppointmentLinks; now: () => Date };

/** The appointment as tracking needs it, whole, at the version the row has now. */
export function dispatchSnapshot(row: AppointmentRow): AppointmentDispatch {
  const { start, end } = slotTimes(row.time_slot);
  return {
    appointmentId: row.id,
    version: row.version,
    technicianId: row.technician_id,
    status: row.status as AppointmentStatus,
    customerId: row.customer_id,
    customerName: row.customer_name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    serviceType: row.service_type,
    appliance: row.appliance,
    brand: row.brand,
    startsAt: businessIsoString(row.appointment_date, start),
    endsAt: businessIsoString(row.appointment_date, end),
  };
}

/**
 * The appointment as `appointment.changed` carries it: the visit, with what a confirmation or a reminder needs,
 * including its manage and track links, signed as the confirmation page's are (valid until a day after this slot).
 */
export function changedEvent(row: AppointmentRow, change: AppointmentChange, links: AppointmentLinks, now: Date): AppointmentChanged {
  const expiresAt = linkExpiry(row.appointment_date, row.time_slot);
  return {
    ...dispatchSnapshot(row),
    change,
    confirmationCode: row.confirmation_code,
    email: row.email,
    smsConsent: row.sms_consent,
    smsConsentText: row.sms_consent_text,
    description: row.description,
    revision: row.revision,
    manageToken: links.issue(row.id, 'manage', expiresAt, now),
    trackToken: links.issue(row.id, 'track', expiresAt, now),
  };
}

/**
 * How a change goes into the appointment's history: who made it (a staff member's email, or `customer`, `technician`,
 * `system`), and the action when it says more than the change (an office confirmation is a `status-changed` for
 * subscribers), with the reason or detail given.
 */
export const historyActors = { customer: 'Customer', technician: 'Technician', system: 'System' } as const;

export type HistoryNote = { actor: string; action?: AppointmentHistoryAction; reason?: string | null; detail?: string | null };

/** The history's action for a change that names none: an assignment that takes the technician off is an unassignment. */
const defaultAction = (change: AppointmentChange, after: AppointmentRow): AppointmentHistoryAction =>
  change === 'assigned' && after.technician_id === null ? 'unassigned' : change;

/**
 * Publishes an appointment's change in the transaction that made it, and records it in the appointment's history:
 * `appointment.changed` to every subscriber, and the dispatch snapshot to tracking when the appointment concerns it.
 * `before` is the row before the change (undefined for a new booking).
 */
export async function announceChange(
  { effects, links, now }: ChangeAnnouncer,
  trx: Trx,
  change: AppointmentChange,
  before: Pick<AppointmentRow, 'technician_id' | 'status'> | undefined,
  after: AppointmentRow,
  note: HistoryNote,
): Promise<void> {
  await insertHistoryEntry(trx, {
    appointment_id: after.id,
    at: now(),
    actor: note.actor,
    action: note.action ?? defaultAction(change, after),
    from_status: before?.status ?? null,
    to_status: after.status,
    reason: note.reason ?? null,
    detail: note.detail ?? null,
  });
  await effects.enqueue(trx, appointmentChangedTopic, changedEvent(after, change, links, now()));
  await tellTracking(effects, trx, before, after);
}

/**
 * Tells tracking about an appointment after a change, in the transaction that made it. Only an appointment that has
 * a technician, or had one before the change, concerns tracking: a snapshot is whole, so the first one carrying a
 * technician brings everything an earlier change would have.
 */
async function tellTracking(outbox: BookingOutbox, trx: Trx, before: Pick<AppointmentRow, 'technician_id'> | undefined, after: AppointmentRow): Promise<void> {
  if (before?.technician_id == null && after.technician_id == null) return;
  await outbox.enqueue(trx, appointmentDispatchTopic, dispatchSnapshot(after));
}
