import type { Db, RoadEstimatesTable } from '../db/schema.ts';
import type { RoadEstimate } from '../domain/road-estimate.ts';

type Nullable<T> = { [K in keyof T]: T[K] | null };
type EstimateColumns = Nullable<Pick<RoadEstimatesTable, 'from_lat' | 'from_lng' | 'to_lat' | 'to_lng' | 'distance_m' | 'duration_s' | 'asked_at'>>;

/** A stored answer as the domain reads it (`route` null: the ask failed or found no route); null without one. */
export function toRoadEstimate(row: EstimateColumns): RoadEstimate | null {
  if (row.asked_at === null || row.from_lat === null || row.from_lng === null || row.to_lat === null || row.to_lng === null) return null;
  return {
    from: { lat: row.from_lat, lng: row.from_lng },
    to: { lat: row.to_lat, lng: row.to_lng },
    route: row.distance_m !== null && row.duration_s !== null ? { distanceKm: row.distance_m / 1000, minutes: row.duration_s / 60 } : null,
    askedAt: row.asked_at,
  };
}

/** The jobs' customer points and last road answers, by appointment. */
export async function findRoadFacts(db: Db, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db.selectFrom('appointment_snapshots as s')
    .leftJoin('road_estimates as e', 'e.appointment_id', 's.appointment_id')
    .select(['s.appointment_id', 's.customer_lat', 's.customer_lng', 'e.from_lat', 'e.from_lng', 'e.to_lat', 'e.to_lng', 'e.distance_m', 'e.duration_s', 'e.asked_at'])
    .where('s.appointment_id', 'in', appointmentIds)
    .execute();
}

export const saveRoadEstimate = (db: Db, appointmentId: number, estimate: RoadEstimate) => {
  const values = {
    from_lat: estimate.from.lat,
    from_lng: estimate.from.lng,
    to_lat: estimate.to.lat,
    to_lng: estimate.to.lng,
    distance_m: estimate.route ? estimate.route.distanceKm * 1000 : null,
    duration_s: estimate.route ? estimate.route.minutes * 60 : null,
    asked_at: estimate.askedAt,
  };
  return db.insertInto('road_estimates').values({ appointment_id: appointmentId, ...values })
    .onConflict((oc) => oc.column('appointment_id').doUpdateSet(values))
    .execute();
};
