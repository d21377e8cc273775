import { appointmentCompletedTopic, trackingMessages, type TrackingRecord, type TrackingStatus } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { notify } from '@repo/service-kit/db';
import type { TrackingDatabase } from '../db/schema.ts';
import { trackingChangedChannel } from '../domain/live-channels.ts';
import { statusNotification, transitionRefusal } from '../domain/record-plan.ts';
import { toTrackingRecord } from '../repositories/mappers.ts';
import { countCompletedJob, lockTechnicians } from '../repositories/technician-repository.ts';
import { findRecordForUpdate, findView, updateRecord } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import { settleTechnicianStatus } from './technician-workload.ts';

/**
 * Moves a job one step forward (dispatched → en-route → arrived → in-progress → completed); anything else is a 409
 * saying what the next step is. Arriving records the arrival time. In the same transaction the technician's status
 * follows (busy while the job is under way, available after) and completing tells booking, which completes the
 * appointment; live subscribers hear of it after commit.
 */
export async function changeTrackingStatus(ctx: TrackingContext, appointmentId: number, status: TrackingStatus): Promise<TrackingRecord> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const record = await findRecordForUpdate(trx, appointmentId);
    if (!record) throw notFound(trackingMessages.notFound);
    const refused = transitionRefusal(record, status);
    if (refused) throw refused;
    const [technician] = await lockTechnicians(trx, [record.technician_id]);
    const change = {
      technician_id: record.technician_id,
      status,
      actual_arrival: status === 'arrived' ? now : record.actual_arrival,
      closed_at: null,
      close_reason: null,
      updated_at: now,
    };
    await updateRecord(trx, appointmentId, change, [statusNotification(status, now)]);
    if (status === 'completed') {
      await countCompletedJob(trx, record.technician_id);
      await ctx.effects.enqueue(trx, appointmentCompletedTopic, { appointmentId, technicianId: record.technician_id, completedAt: now.toISOString() });
    }
    if (technician) await settleTechnicianStatus(ctx, trx, technician);
    await notify<TrackingDatabase>(trx, trackingChangedChannel, String(appointmentId));
  });
  const view = await findView(ctx.db, appointmentId);
  if (!view) throw notFound(trackingMessages.notFound);
  return toTrackingRecord(view, now);
}
