import type { Technician } from '@repo/contracts';
import type { TechnicianRow } from '../db/schema.ts';

/** Rows become contract types here and nowhere else. */
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
