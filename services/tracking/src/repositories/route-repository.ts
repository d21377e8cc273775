import type { Db } from '../db/schema.ts';
import type { GeoPoint } from '../domain/geo.ts';

/** The newest point of each of these trips. */
export async function findLastRoutePoints(db: Db, appointmentIds: number[]): Promise<Map<number, GeoPoint>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db.selectFrom('tracking_route_points')
    .distinctOn('appointment_id')
    .select(['appointment_id', 'lat', 'lng'])
    .where('appointment_id', 'in', appointmentIds)
    .orderBy('appointment_id').orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.appointment_id, { lat: row.lat, lng: row.lng }]));
}

export const insertRoutePoints = (db: Db, points: { appointmentId: number; lat: number; lng: number; recordedAt: Date }[]) =>
  points.length === 0
    ? Promise.resolve()
    : db.insertInto('tracking_route_points')
      .values(points.map((point) => ({ appointment_id: point.appointmentId, lat: point.lat, lng: point.lng, recorded_at: point.recordedAt })))
      .execute().then(() => undefined);

/** Drops the oldest points of this trip beyond the newest `keep`. */
export async function trimRoute(db: Db, appointmentId: number, keep: number): Promise<void> {
  const oldestKept = await db.selectFrom('tracking_route_points').select('id')
    .where('appointment_id', '=', appointmentId)
    .orderBy('id', 'desc').offset(keep - 1).limit(1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('tracking_route_points').where('appointment_id', '=', appointmentId).where('id', '<', oldestKept.id).execute();
}

/** A trip starts over (the job went back to en route after a reschedule or a new technician). */
export const clearRoute = (db: Db, appointmentId: number) =>
  db.deleteFrom('tracking_route_points').where('appointment_id', '=', appointmentId).execute();

/** The trips of these records, oldest point first. */
export async function findRoutes(db: Db, appointmentIds: number[]): Promise<Map<number, GeoPoint[]>> {
  const routes = new Map<number, GeoPoint[]>();
  if (appointmentIds.length === 0) return routes;
  const rows = await db.selectFrom('tracking_route_points')
    .select(['appointment_id', 'lat', 'lng'])
    .where('appointment_id', 'in', appointmentIds)
    .orderBy('appointment_id').orderBy('id')
    .execute();
  for (const row of rows) {
    const route = routes.get(row.appointment_id) ?? [];
    route.push({ lat: row.lat, lng: row.lng });
    routes.set(row.appointment_id, route);
  }
  return routes;
}
