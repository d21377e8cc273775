import { randomBytes } from 'node:crypto';
import type { CreateTechnician, Technician } from '@repo/contracts';
import { toTechnician } from '../repositories/mappers.ts';
import { insertTechnician } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

/** Accepts both create payloads of the spec: vehicleInfo (management page) or vehicle with lat/lng (administration page). */
export async function createTechnician(ctx: TrackingContext, input: CreateTechnician & { specialties: string[] }): Promise<Technician> {
  const lat = input.location?.lat ?? input.lat ?? null;
  const lng = input.location?.lng ?? input.lng ?? null;
  const row = await insertTechnician(ctx.db, {
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
  return toTechnician(row);
}
