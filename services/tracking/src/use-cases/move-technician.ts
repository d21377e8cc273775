import type { Technician, UpdateLocation } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { notify } from '@repo/service-kit/db';
import type { TechnicianRow, TrackingDatabase, Trx } from '../db/schema.ts';
import { technicianMovedChannel, type TechnicianMoved } from '../domain/live-channels.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import { appointmentsEnRouteOf } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import { tellCustomersIfRunningLate } from './tell-customer-of-visit.ts';
import { refreshRoadEstimates } from './road-estimates.ts';
import { extendTrips } from './trips.ts';

/**
 * Records a technician's new position; the trips of their jobs en route gain it (distance and ETA follow, as they are
 * computed on each read; the routing engine, when configured, is asked again now and then: `refreshRoadEstimates`), a job whose new ETA passes the end of its arrival window tells notifications the technician
 * is running late (once per trip), and after commit the live subscribers of those jobs, and of no other job of theirs,
 * hear of it (staff following everything as well).
 */
export async function moveTechnician(ctx: TrackingContext, id: string, input: UpdateLocation): Promise<Technician> {
  return toTechnician(await ctx.db.transaction().execute((trx) => recordTechnicianPosition(ctx, trx, id, input)));
}

/** `moveTechnician`'s change, in the caller's transaction (the demo driver's step); 404 for an unknown technician. */
export async function recordTechnicianPosition(ctx: TrackingContext, trx: Trx, id: string, input: UpdateLocation): Promise<TechnicianRow> {
  const now = ctx.now();
  const moved = await updateTechnicianRow(trx, id, { lat: input.lat, lng: input.lng, location_address: input.address ?? null, location_updated_at: now });
  if (!moved) throw notFound(`Technician ${id} was not found.`);
  const enRoute = await appointmentsEnRouteOf(trx, moved.id);
  await extendTrips(trx, enRoute, { lat: input.lat, lng: input.lng }, now);
  await refreshRoadEstimates(ctx, trx, enRoute, { lat: input.lat, lng: input.lng }, now);
  await tellCustomersIfRunningLate(ctx, trx, enRoute, moved, now);
  const message: TechnicianMoved = { technicianId: moved.id, appointmentIds: enRoute.map(String) };
  await notify<TrackingDatabase>(trx, technicianMovedChannel, JSON.stringify(message));
  return moved;
}
