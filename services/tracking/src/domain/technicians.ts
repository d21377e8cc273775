import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreateTechnician, Technician, UpdateLocation, UpdateTechnician } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { TechnicianRow, TrackingDatabase } from '../db/schema.ts';

export function toTechnician(row: TechnicianRow): Technician {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    avatar: row.avatar,
    vehicleInfo: row.vehicle_info,
    specialties: row.specialties,
    rating: Number(row.rating),
    completedJobs: row.completed_jobs,
    status: row.status,
    currentLocation:
      row.lat !== null && row.lng !== null
        ? { lat: row.lat, lng: row.lng, address: row.location_address, lastUpdated: (row.location_updated_at ?? row.created_at).toISOString() }
        : null,
  };
}

type Db = Kysely<TrackingDatabase>;

export const listTechnicians = async (db: Db) => (await db.selectFrom('technicians').selectAll().orderBy('name').execute()).map(toTechnician);

export async function getTechnician(db: Db, id: string) {
  const row = await db.selectFrom('technicians').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Technician ${id} was not found.`);
  return toTechnician(row);
}

/** Accepts both create payloads of the spec: vehicleInfo (management page) or vehicle with lat/lng (administration page). */
export async function createTechnician(db: Db, input: CreateTechnician & { specialties: string[] }) {
  const lat = input.location?.lat ?? input.lat ?? null;
  const lng = input.location?.lng ?? input.lng ?? null;
  const row = await db
    .insertInto('technicians')
    .values({
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
      location_updated_at: lat !== null && lng !== null ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTechnician(row);
}

export async function updateTechnician(db: Db, id: string, input: UpdateTechnician) {
  const row = await db.updateTable('technicians').set({ name: input.name, phone: input.phone, vehicle_info: input.vehicleInfo })
    .where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) throw notFound(`Technician ${id} was not found.`);
  return toTechnician(row);
}

export async function updateLocation(db: Db, id: string, input: UpdateLocation) {
  const row = await db.updateTable('technicians')
    .set({ lat: input.lat, lng: input.lng, location_address: input.address ?? null, location_updated_at: new Date() })
    .where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) throw notFound(`Technician ${id} was not found.`);
  return toTechnician(row);
}
