import type { TechnicianChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { findTechnician, storeTechnician } from '../repositories/technician-repository.ts';

/**
 * Applies tracking's `technician.changed` effect in the receiver's transaction: booking's replica of the technician
 * takes the snapshot unless it already holds a newer one. True when this is the first booking hears of the technician.
 */
export async function recordTechnician(trx: Trx, technician: TechnicianChanged): Promise<boolean> {
  const known = await findTechnician(trx, technician.id);
  await storeTechnician(trx, technician);
  return known === undefined;
}
