import { sql } from 'kysely';
import { dataRetention } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';

/**
 * Forgets technicians' positions older than the privacy policy keeps them (`dataRetention.technicianPositionsDays`,
 * by the database's clock): the points of every trip, and a technician's last known position when it is that old
 * (staff then see no position until the next one arrives). Run hourly, once across replicas (scheduled-work.ts).
 */
export async function purgeOldPositions(trx: Trx): Promise<{ routePoints: number; technicians: number }> {
  const cutoff = sql<Date>`now() - make_interval(days => ${dataRetention.technicianPositionsDays})`;
  const points = await trx.deleteFrom('tracking_route_points').where('recorded_at', '<', cutoff).executeTakeFirst();
  const technicians = await trx
    .updateTable('technicians')
    .set({ lat: null, lng: null, location_address: null, location_updated_at: null })
    .where('location_updated_at', '<', cutoff)
    .executeTakeFirst();
  return { routePoints: Number(points.numDeletedRows), technicians: Number(technicians.numUpdatedRows) };
}
