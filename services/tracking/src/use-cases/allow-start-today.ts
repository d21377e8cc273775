import { businessDate, trackingMessages, type TrackingRecord } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { allowStartOn, findRecordForUpdate, findSnapshotDate } from '../repositories/tracking-record-repository.ts';
import { announceTrackingChange } from './announce-tracking-change.ts';
import type { TrackingContext } from './context.ts';
import { presentRecord } from './present-tracking.ts';

/**
 * The office confirms a visit dated another day for today: its technician may then move it today (start a later
 * visit early, finish one left from yesterday). Refused (409) for a visit of today, which needs no leave, for a job
 * already complete and for a closed record. The office's screens hear of it on the live socket after commit; the
 * technician's phone at its next refresh.
 */
export async function allowStartToday(ctx: TrackingContext, appointmentId: number, by: string): Promise<TrackingRecord> {
  await ctx.db.transaction().execute(async (trx) => {
    const record = await findRecordForUpdate(trx, appointmentId);
    if (!record) throw notFound(trackingMessages.notFound);
    if (record.close_reason === 'cancelled') throw conflict(trackingMessages.closedCancelled);
    if (record.close_reason === 'unassigned') throw conflict(trackingMessages.closedUnassigned);
    if (record.status === 'completed') throw conflict(trackingMessages.completed);
    const now = ctx.now();
    const today = businessDate(now);
    if ((await findSnapshotDate(trx, appointmentId)).scheduled_date === today) throw conflict(trackingMessages.allowNotNeeded);
    await allowStartOn(trx, appointmentId, today, by, now);
    await announceTrackingChange(trx, appointmentId);
  });
  return presentRecord(ctx, appointmentId, 'full');
}
