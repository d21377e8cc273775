import type { Technician } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { toTechnician } from '../repositories/mappers.ts';
import { findTechnicianById } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

export async function getTechnician(ctx: TrackingContext, id: string): Promise<Technician> {
  const row = await findTechnicianById(ctx.db, id);
  if (!row) throw notFound(`Technician ${id} was not found.`);
  return toTechnician(row);
}
