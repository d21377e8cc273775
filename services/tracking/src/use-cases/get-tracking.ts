import { trackingMessages, type TrackingRecord } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { toTrackingRecord } from '../repositories/mappers.ts';
import { findView } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import { resolveTrackingAccess, type TrackingCaller } from './resolve-tracking-access.ts';

/** One appointment's tracking record, closed ones included (they say so), for a caller with access to it. */
export async function getTracking(ctx: TrackingContext, caller: TrackingCaller, appointmentId: number): Promise<TrackingRecord> {
  await resolveTrackingAccess(ctx, caller, appointmentId);
  const view = await findView(ctx.db, appointmentId);
  if (!view) throw notFound(trackingMessages.notFound);
  return toTrackingRecord(view, ctx.now());
}
