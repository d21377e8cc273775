import type { TrackingRecord } from '@repo/contracts';
import { audienceOf } from '../domain/tracking-access.ts';
import type { TrackingContext } from './context.ts';
import { presentRecord } from './present-tracking.ts';
import { resolveTrackingAccess, type TrackingCaller } from './resolve-tracking-access.ts';

/**
 * One appointment's tracking record, closed ones included (they say so), for a caller with access to it: the customer
 * (its owner or link holder) sees the technician's position only while they are on the way to this visit.
 */
export async function getTracking(ctx: TrackingContext, caller: TrackingCaller, appointmentId: number): Promise<TrackingRecord> {
  const access = await resolveTrackingAccess(ctx, caller, appointmentId);
  return presentRecord(ctx, appointmentId, audienceOf(access));
}
