import type { Technician, UpdateTechnician } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { tellBookingAbout } from '../domain/outgoing.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * The management page's edit: name, phone and vehicle, and the photo when sent (null removes it, absent keeps it).
 * Booking learns the new name in the same transaction.
 */
export async function updateTechnician(ctx: TrackingContext, id: string, input: UpdateTechnician): Promise<Technician> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateTechnicianRow(trx, id, {
      name: input.name,
      phone: input.phone,
      vehicle_info: input.vehicleInfo,
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
    });
    if (!updated) throw notFound(`Technician ${id} was not found.`);
    await tellBookingAbout(ctx.effects, trx, updated);
    return updated;
  });
  return toTechnician(row);
}
