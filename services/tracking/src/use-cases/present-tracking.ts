import { trackingMessages, type TrackingRecord } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { Db } from '../db/schema.ts';
import type { TrackingAudience } from '../domain/audience.ts';
import { toTrackingRecord } from '../repositories/mappers.ts';
import { findRoutes } from '../repositories/route-repository.ts';
import { findView, type TrackingView } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Records as this audience sees them, with their trips (one query for all) and distance and ETA as of now: a customer
 * sees the technician's position only while the technician is on the way to them.
 */
export async function presentRecords(ctx: TrackingContext, views: TrackingView[], audience: TrackingAudience, db: Db = ctx.db): Promise<TrackingRecord[]> {
  const routes = await findRoutes(db, views.map((view) => view.appointment_id));
  const now = ctx.now();
  return views.map((view) => toTrackingRecord(view, { now, route: routes.get(view.appointment_id) ?? [], eta: ctx.eta, audience }));
}

/** One appointment's record as this audience sees it; 404 without one. */
export async function presentRecord(ctx: TrackingContext, appointmentId: number, audience: TrackingAudience): Promise<TrackingRecord> {
  const view = await findView(ctx.db, appointmentId);
  if (!view) throw notFound(trackingMessages.notFound);
  const [record] = await presentRecords(ctx, [view], audience);
  return record!;
}
