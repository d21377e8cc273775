import { tracking, type Technician, type TrackingRecord } from '@repo/contracts';
import type { TechnicianRow } from '../db/schema.ts';
import type { TrackingView } from './tracking-record-repository.ts';

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

const windowMs = tracking.progressWindowMinutes * 60_000;

/**
 * A record as callers see it. Until live position data exists the arrival estimate is the scheduled start (and says
 * so), and distance and ETA stay null: nothing is made up. The technician's position is shown only while the job is
 * open; progress runs over the 45 minutes before the scheduled start.
 */
export function toTrackingRecord(view: TrackingView, now: Date): TrackingRecord {
  const open = view.closed_at === null && view.status !== 'completed';
  const start = view.starts_at.getTime();
  const progress = view.status === 'completed' ? 100 : Math.round(Math.min(1, Math.max(0, (now.getTime() - (start - windowMs)) / windowMs)) * 100);
  return {
    appointmentId: String(view.appointment_id),
    technicianId: view.technician_id,
    status: view.status,
    scheduledStart: view.starts_at.toISOString(),
    scheduledEnd: view.ends_at.toISOString(),
    estimatedArrival: view.starts_at.toISOString(),
    estimatedArrivalSource: 'schedule',
    actualArrival: view.actual_arrival?.toISOString() ?? null,
    location:
      open && view.lat !== null && view.lng !== null
        ? { lat: view.lat, lng: view.lng, address: view.location_address, lastUpdated: view.location_updated_at?.toISOString() ?? view.updated_at.toISOString() }
        : null,
    customerLocation: { lat: null, lng: null, address: `${view.address}, ${view.city}, ${view.state} ${view.zip_code}` },
    route: [],
    distanceToCustomer: null,
    estimatedTimeToArrival: null,
    progress,
    service: { serviceType: view.service_type, appliance: view.appliance, brand: view.brand },
    notifications: view.notifications,
    closed: view.closed_at && view.close_reason ? { at: view.closed_at.toISOString(), reason: view.close_reason } : null,
    updatedAt: view.updated_at.toISOString(),
  };
}
