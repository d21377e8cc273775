import type { Technician } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { tellBookingAbout } from '../domain/outgoing.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { updateTechnicianRow } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Deactivates a technician (they go offline) or reactivates one (still offline until they are out again). Their row,
 * jobs and history stay. In the same transaction booking (no new jobs) and accounts (no sign-in) learn it.
 */
export async function setTechnicianActive(ctx: TrackingContext, id: string, active: boolean): Promise<Technician> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateTechnicianRow(trx, id, active ? { active } : { active, status: 'offline' });
    if (!updated) throw notFound(`Technician ${id} was not found.`);
    await tellBookingAbout(ctx.effects, trx, updated);
    return updated;
  });
  return toTechnician(row);
}
