import {
  customerDeletionCompletedEffect,
  customerDeletionCompletedTopic,
  appointmentCompletedEffect,
  appointmentCompletedTopic,
  technicianArrivedEffect,
  technicianArrivedTopic,
  technicianChangedEffect,
  technicianChangedTopic,
  technicianEnRouteEffect,
  technicianEnRouteTopic,
  technicianRunningLateEffect,
  technicianRunningLateTopic,
  visitProgressedEffect,
  visitProgressedTopic,
  visitStages,
  type TechnicianChanged,
  type TrackingStatus,
  type VisitStage,
} from '@repo/contracts';
import type { Effects } from '@repo/service-kit';
import type { Transaction } from 'kysely';
import type { TechnicianRow, TrackingDatabase } from '../db/schema.ts';

/**
 * What tracking tells other services through its outbox: booking keeps its technicians' replica (and accounts whether
 * each is active, for their sign-in), the visit's stage beside the appointment, and completes the appointments;
 * notifications writes to the customer when the technician sets off, is running late for the arrival window, and
 * arrives; accounts hears that tracking erased a customer who asked to be forgotten.
 */
export const trackingOutgoing = {
  [technicianChangedTopic]: { to: ['booking', 'accounts'], schema: technicianChangedEffect },
  [appointmentCompletedTopic]: { to: 'booking', schema: appointmentCompletedEffect },
  [visitProgressedTopic]: { to: ['booking'], schema: visitProgressedEffect },
  [technicianEnRouteTopic]: { to: ['notifications'], schema: technicianEnRouteEffect },
  [technicianArrivedTopic]: { to: ['notifications'], schema: technicianArrivedEffect },
  [technicianRunningLateTopic]: { to: ['notifications'], schema: technicianRunningLateEffect },
  [customerDeletionCompletedTopic]: { to: ['accounts'], schema: customerDeletionCompletedEffect },
} as const;

/** The part of tracking's effects its use cases use: writing a message into their transaction. */
export type TrackingOutbox = Pick<Effects<typeof trackingOutgoing>, 'enqueue'>;

/** The technician as booking keeps it, at the version the row has now. */
export const technicianSnapshot = (row: Pick<TechnicianRow, 'id' | 'name' | 'status' | 'version' | 'active'>): TechnicianChanged =>
  ({ id: row.id, name: row.name, status: row.status, version: row.version, active: row.active });

/** Writes the technician's snapshot for booking into the transaction that changed the technician. */
export async function tellBookingAbout(outbox: TrackingOutbox, trx: Transaction<TrackingDatabase>, row: TechnicianRow): Promise<void> {
  await outbox.enqueue(trx, technicianChangedTopic, technicianSnapshot(row));
}

/** A record's visit stage: its status while the technician is on the way, there or working and the record is open. */
const stageOf = (record: { status: TrackingStatus; closed: boolean } | undefined): VisitStage | null =>
  record && !record.closed && (visitStages as readonly string[]).includes(record.status) ? (record.status as VisitStage) : null;

/**
 * Tells booking the visit's stage, in the transaction that changed the record, when the change moved it (setting off,
 * arriving, starting work; back to dispatched or closed while under way). The record's other changes are not its concern.
 */
export async function tellBookingOfStage(
  outbox: TrackingOutbox,
  trx: Transaction<TrackingDatabase>,
  appointmentId: number,
  change: { technicianId: string; before: { status: TrackingStatus; closed: boolean } | undefined; after: { status: TrackingStatus; closed: boolean }; at: Date },
): Promise<void> {
  const stage = stageOf(change.after);
  if (stage === stageOf(change.before)) return;
  await outbox.enqueue(trx, visitProgressedTopic, { appointmentId, technicianId: change.technicianId, stage, at: change.at.toISOString() });
}
