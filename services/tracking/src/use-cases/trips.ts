import type { TechnicianRow, Trx } from '../db/schema.ts';
import type { GeoPoint } from '../domain/geo.ts';
import { extendsTrip, tripLimits } from '../domain/trip.ts';
import { clearRoute, findLastRoutePoints, insertRoutePoints, trimRoute } from '../repositories/route-repository.ts';

/** A job sets off: its trip starts over, at the technician's last position when there is one. */
export async function startTrip(trx: Trx, appointmentId: number, technician: Pick<TechnicianRow, 'lat' | 'lng' | 'location_updated_at'>, now: Date): Promise<void> {
  await clearRoute(trx, appointmentId);
  if (technician.lat === null || technician.lng === null) return;
  await insertRoutePoints(trx, [{ appointmentId, lat: technician.lat, lng: technician.lng, recordedAt: technician.location_updated_at ?? now }]);
}

/**
 * A technician on the way to these jobs reported `position`: each trip gains it unless it is within 10 m of the trip's
 * last point, and keeps only its newest 500 points, so a long or stationary trip never grows without bound.
 */
export async function extendTrips(trx: Trx, appointmentIds: number[], position: GeoPoint, at: Date): Promise<void> {
  const last = await findLastRoutePoints(trx, appointmentIds);
  const growing = appointmentIds.filter((id) => extendsTrip(last.get(id), position));
  await insertRoutePoints(trx, growing.map((appointmentId) => ({ appointmentId, ...position, recordedAt: at })));
  for (const appointmentId of growing) await trimRoute(trx, appointmentId, tripLimits.maxPoints);
}
