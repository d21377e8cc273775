import { randomBytes } from 'node:crypto';
import type { CreateTechnician, Technician } from '@repo/contracts';
import { tellBookingAbout } from '../domain/outgoing.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { insertTechnician } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Accepts both create payloads of the spec: vehicleInfo (management page) or vehicle with lat/lng (administration
 * page). Booking learns of the technician in the same transaction, so it can be assigned at once.
 */
export async function createTechnician(ctx: TrackingContext, input: CreateTechnician & { specialties: string[] }): Promise<Technician> {
  const lat = input.location?.lat ?? input.lat ?? null;
  const lng = input.location?.lng ?? input.lng ?? null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertTechnician(trx, {
      id: `tech_${randomBytes(5).toString('hex')}`,
      name: input.name,
      phone: input.phone,
      avatar: null,
      vehicle_info: input.vehicleInfo || input.vehicle || null,
      specialties: input.specialties,
      rating: 5,
      lat,
      lng,
      location_address: null,
      location_updated_at: lat !== null && lng !== null ? ctx.now() : null,
    });
    await tellBookingAbout(ctx.effects, trx, inserted);
    return inserted;
  });
  return toTechnician(row);
}
