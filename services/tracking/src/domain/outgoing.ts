import {
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
  type TechnicianChanged,
} from '@repo/contracts';
import type { Effects } from '@repo/service-kit';
import type { Transaction } from 'kysely';
import type { TechnicianRow, TrackingDatabase } from '../db/schema.ts';

/**
 * What tracking tells other services through its outbox: booking keeps its technicians' replica (and accounts whether
 * each is active, for their sign-in) and completes the appointments; notifications writes to the customer when the
 * technician sets off, is running late for the arrival window, and arrives.
 */
export const trackingOutgoing = {
  [technicianChangedTopic]: { to: ['booking', 'accounts'], schema: technicianChangedEffect },
  [appointmentCompletedTopic]: { to: 'booking', schema: appointmentCompletedEffect },
  [technicianEnRouteTopic]: { to: ['notifications'], schema: technicianEnRouteEffect },
  [technicianArrivedTopic]: { to: ['notifications'], schema: technicianArrivedEffect },
  [technicianRunningLateTopic]: { to: ['notifications'], schema: technicianRunningLateEffect },
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
