import type { Trx } from '../db/schema.ts';
import type { GeoPoint } from '../domain/geo.ts';
import { RouterUnavailable, shouldAskRoad } from '../domain/road-estimate.ts';
import { findRoadFacts, saveRoadEstimate, toRoadEstimate } from '../repositories/road-estimate-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * With a routing engine configured: the technician reported `position` on the way to these jobs, so each whose last
 * road answer is due again (`shouldAskRoad`: at most every 30 s and after 200 m) asks for the route from there to the
 * customer and keeps the answer; a failed ask is kept as failed (the straight line is used, and asked again 30 s
 * later). Without one, or for a customer not placed, nothing is asked.
 */
export async function refreshRoadEstimates(ctx: TrackingContext, trx: Trx, appointmentIds: number[], position: GeoPoint, now: Date): Promise<void> {
  const router = ctx.router;
  if (!router) return;
  for (const facts of await findRoadFacts(trx, appointmentIds)) {
    if (facts.customer_lat === null || facts.customer_lng === null) continue;
    const customer = { lat: facts.customer_lat, lng: facts.customer_lng };
    if (!shouldAskRoad(toRoadEstimate(facts), position, customer, now)) continue;
    let route = null;
    try {
      route = await router.route(position, customer);
    } catch (err) {
      if (!(err instanceof RouterUnavailable)) throw err;
      ctx.log?.warn({ err }, 'routing engine unavailable; the ETA is the straight line for now');
    }
    await saveRoadEstimate(trx, facts.appointment_id, { from: position, to: customer, route, askedAt: now });
  }
}
