import { trackingMessages, type TrackingRecord } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { Db } from '../db/schema.ts';
import type { RecordAudience } from '../domain/tracking-access.ts';
import { toTrackingRecord } from '../repositories/mappers.ts';
import { findRoutes } from '../repositories/route-repository.ts';
import { findView, type TrackingView } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/** Records as `audience` sees them, with their trips (one query for all) and distance and ETA as of now. */
export async function presentRecords(ctx: TrackingContext, views: TrackingView[], audience: RecordAudience, db: Db = ctx.db): Promise<TrackingRecord[]> {
  const routes = await findRoutes(db, views.map((view) => view.appointment_id));
  const now = ctx.now();
  return views.map((view) => toTrackingRecord(view, { now, route: routes.get(view.appointment_id) ?? [], eta: ctx.eta, audience }));
}

/** One appointment's record as `audience` sees it; 404 without one. */
export async function presentRecord(ctx: TrackingContext, appointmentId: number, audience: RecordAudience): Promise<TrackingRecord> {
  const view = await findView(ctx.db, appointmentId);
  if (!view) throw notFound(trackingMessages.notFound);
  const [record] = await presentRecords(ctx, [view], audience);
  return record!;
}
