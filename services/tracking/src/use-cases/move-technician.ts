import type { Technician, UpdateLocation } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { toTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/** Records a technician's new position and tells live subscribers. */
export async function moveTechnician(ctx: TrackingContext, id: string, input: UpdateLocation): Promise<Technician> {
  const row = await updateTechnicianRow(ctx.db, id, { lat: input.lat, lng: input.lng, location_address: input.address ?? null, location_updated_at: ctx.now() });
  if (!row) throw notFound(`Technician ${id} was not found.`);
  ctx.hub.publish({ type: 'location_update', technicianId: row.id });
  return toTechnician(row);
}
