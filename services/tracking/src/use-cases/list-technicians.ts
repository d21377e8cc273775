import type { StaffTechnician } from '@repo/contracts';
import { toStaffTechnician } from '../repositories/mappers.ts';
import { findTechnicians } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

export async function listTechnicians(ctx: TrackingContext): Promise<StaffTechnician[]> {
  return (await findTechnicians(ctx.db)).map(toStaffTechnician);
}
