import { appointmentCompletedTopic, businessDate, trackingMessages, type TrackingRecord, type TrackingStatus } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { Trx } from '../db/schema.ts';
import { otherDayRefusal, statusNotification, transitionRefusal } from '../domain/record-plan.ts';
import { countCompletedJob, lockTechnicians } from '../repositories/technician-repository.ts';
import { findRecordForUpdate, findSnapshotDate, updateRecord } from '../repositories/tracking-record-repository.ts';
import { tellBookingOfStage } from '../domain/outgoing.ts';
import { announceTrackingChange } from './announce-tracking-change.ts';
import type { TrackingContext } from './context.ts';
import { presentRecord } from './present-tracking.ts';
import { rememberVisitPosition } from './remember-visit-position.ts';
import { settleTechnicianStatus } from './technician-workload.ts';
import { tellCustomerOfVisit } from './tell-customer-of-visit.ts';
import { startTrip } from './trips.ts';

/**
 * Moves a job one step forward (dispatched → en-route → arrived → in-progress → completed); anything else is a 409
 * saying what the next step is. Arriving records the arrival time, and the technician's position there as the
 * address's true location when it is fresh and near (`rememberVisitPosition`); setting off starts the trip at the
 * technician's last position. In the same transaction the technician's status follows (busy while the job is under way, available
 * after), setting off and arriving tell notifications (the customer's emails; setting off already too late for the
 * arrival window tells it the technician is running late too), booking hears the visit's stage (on the way, arrived,
 * working), and completing tells booking, which completes the appointment; live subscribers hear of it after commit.
 * A technician (`byTechnician`) moves only their own jobs (another's answers exactly as a missing one), and only a
 * visit of today or one the office allowed today (`otherDayRefusal`, 409).
 */
export async function changeTrackingStatus(ctx: TrackingContext, appointmentId: number, status: TrackingStatus, byTechnician?: string): Promise<TrackingRecord> {
  await ctx.db.transaction().execute((trx) => advanceTrackingStatus(ctx, trx, appointmentId, status, byTechnician));
  // Staff or the job's own technician: the record whole.
  return presentRecord(ctx, appointmentId, 'full');
}

/** `changeTrackingStatus`'s change, in the caller's transaction (the demo driver's step). */
export async function advanceTrackingStatus(ctx: TrackingContext, trx: Trx, appointmentId: number, status: TrackingStatus, byTechnician?: string): Promise<void> {
  const now = ctx.now();
  const record = await findRecordForUpdate(trx, appointmentId);
  if (!record || (byTechnician !== undefined && record.technician_id !== byTechnician)) throw notFound(trackingMessages.notFound);
  const refused = transitionRefusal(record, status);
  if (refused) throw refused;
  if (byTechnician !== undefined) {
    const { scheduled_date } = await findSnapshotDate(trx, appointmentId);
    const elsewhen = otherDayRefusal(scheduled_date, record.start_allowed_on, businessDate(now));
    if (elsewhen) throw elsewhen;
  }
  const [technician] = await lockTechnicians(trx, [record.technician_id]);
  const change = {
    technician_id: record.technician_id,
    status,
    actual_arrival: status === 'arrived' ? now : record.actual_arrival,
    closed_at: null,
    close_reason: null,
    updated_at: now,
    // Each trip may be found late once, for the window it is driven to (see `tellCustomerOfVisit`).
    ...(status === 'en-route' ? { running_late_at: null } : {}),
  };
  await updateRecord(trx, appointmentId, change, [statusNotification(status, now)]);
  await tellBookingOfStage(ctx.effects, trx, appointmentId, {
    technicianId: record.technician_id,
    before: { status: record.status, closed: record.closed_at !== null },
    after: { status, closed: false },
    at: now,
  });
  if (status === 'en-route' && technician) await startTrip(trx, appointmentId, technician, now);
  if (status === 'arrived' && technician) await rememberVisitPosition(trx, appointmentId, technician, now);
  if (status === 'completed') {
    await countCompletedJob(trx, record.technician_id);
    await ctx.effects.enqueue(trx, appointmentCompletedTopic, { appointmentId, technicianId: record.technician_id, completedAt: now.toISOString() });
  }
  if (technician) {
    await tellCustomerOfVisit(ctx, trx, appointmentId, status, technician, now);
    await settleTechnicianStatus(ctx, trx, technician);
  }
  await announceTrackingChange(trx, appointmentId);
}
