import type { Technician } from '@repo/contracts';
import { toTechnician } from '../repositories/mappers.ts';
import { findTechnicians } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

export async function listTechnicians(ctx: TrackingContext): Promise<Technician[]> {
  return (await findTechnicians(ctx.db)).map(toTechnician);
}
