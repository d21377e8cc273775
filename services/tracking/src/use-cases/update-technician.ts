import type { Technician, UpdateTechnician } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { toTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/** The management page's edit: name, phone and vehicle. */
export async function updateTechnician(ctx: TrackingContext, id: string, input: UpdateTechnician): Promise<Technician> {
  const row = await updateTechnicianRow(ctx.db, id, { name: input.name, phone: input.phone, vehicle_info: input.vehicleInfo });
  if (!row) throw notFound(`Technician ${id} was not found.`);
  return toTechnician(row);
}
