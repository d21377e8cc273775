import type { TechnicianChanged } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { storeTechnician } from '../repositories/technician-repository.ts';

/**
 * Applies tracking's `technician.changed` effect in the receiver's transaction: booking's replica of the technician
 * takes the snapshot unless it already holds a newer one.
 */
export async function recordTechnician(trx: Trx, technician: TechnicianChanged): Promise<void> {
  await storeTechnician(trx, technician);
}
