import type { Technician, UpdateLocation } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { notify } from '@repo/service-kit/db';
import type { TrackingDatabase } from '../db/schema.ts';
import { technicianMovedChannel, type TechnicianMoved } from '../domain/live-channels.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import { openAppointmentIdsOf } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/** Records a technician's new position; live subscribers of their open jobs (and staff) hear of it after commit. */
export async function moveTechnician(ctx: TrackingContext, id: string, input: UpdateLocation): Promise<Technician> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const moved = await updateTechnicianRow(trx, id, { lat: input.lat, lng: input.lng, location_address: input.address ?? null, location_updated_at: ctx.now() });
    if (!moved) throw notFound(`Technician ${id} was not found.`);
    const message: TechnicianMoved = { technicianId: moved.id, appointmentIds: (await openAppointmentIdsOf(trx, moved.id)).map(String) };
    await notify<TrackingDatabase>(trx, technicianMovedChannel, JSON.stringify(message));
    return moved;
  });
  return toTechnician(row);
}
