import type { TechnicianRow, Trx } from '../db/schema.ts';
import { tellBookingAbout } from '../domain/outgoing.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import { hasJobUnderWay } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * After a technician's jobs changed (in the caller's transaction, with the technician's row locked, so two changes
 * of one technician's jobs settle one after the other): busy while a job is under way, available once none is. A
 * technician marked offline stays offline unless a job is under way. Booking learns a new status in the same transaction.
 */
export async function settleTechnicianStatus(ctx: TrackingContext, trx: Trx, technician: TechnicianRow): Promise<void> {
  const busy = await hasJobUnderWay(trx, technician.id);
  const status = busy ? 'busy' : technician.status === 'busy' ? 'available' : technician.status;
  if (status === technician.status) return;
  const row = await updateTechnicianRow(trx, technician.id, { status });
  if (row) await tellBookingAbout(ctx.effects, trx, row);
}
