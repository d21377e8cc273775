import type { TrackingRecord } from '@repo/contracts';
import type { TrackingContext } from './context.ts';
import { presentRecord } from './present-tracking.ts';
import { resolveTrackingAccess, type TrackingCaller } from './resolve-tracking-access.ts';

/** One appointment's tracking record, closed ones included (they say so), for a caller with access to it. */
export async function getTracking(ctx: TrackingContext, caller: TrackingCaller, appointmentId: number): Promise<TrackingRecord> {
  await resolveTrackingAccess(ctx, caller, appointmentId);
  return presentRecord(ctx, appointmentId);
}
