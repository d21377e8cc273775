import { randomBytes } from 'node:crypto';
import type { CreateTechnician, Technician } from '@repo/contracts';
import { badRequest } from '@repo/service-kit';
import { tellBookingAbout } from '../domain/outgoing.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { insertTechnician } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

const halfLocation = 'Latitude and longitude go together: send both or neither';

/**
 * Accepts both create payloads the back office sends: vehicleInfo (management page) or vehicle with lat/lng
 * (administration page), each with an optional photo. Booking learns of the technician in the same transaction, so
 * it can be assigned at once.
 */
export async function createTechnician(ctx: TrackingContext, input: CreateTechnician & { specialties: string[] }): Promise<Technician> {
  const lat = input.location?.lat ?? input.lat ?? null;
  const lng = input.location?.lng ?? input.lng ?? null;
  // Half a position is no position: say which half is missing rather than store it.
  if (lat === null && lng !== null) throw badRequest(halfLocation, { lat: halfLocation });
  if (lng === null && lat !== null) throw badRequest(halfLocation, { lng: halfLocation });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertTechnician(trx, {
      id: `tech_${randomBytes(5).toString('hex')}`,
      name: input.name,
      phone: input.phone,
      avatar: input.avatar ?? null,
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
