import { arrivalProgress, photoAddressProblem, type CustomerLocation, type StaffTechnician, type Technician, type TechnicianJob, type TrackingRecord } from '@repo/contracts';
import type { TechnicianRow } from '../db/schema.ts';
import { estimateArrival } from '../domain/arrival.ts';
import type { EtaSettings, GeoPoint } from '../domain/geo.ts';
import type { RecordAudience } from '../domain/tracking-access.ts';
import { toRoadEstimate } from './road-estimate-repository.ts';
import type { TrackingView } from './tracking-record-repository.ts';

/** Rows become contract types here and nowhere else. */
export function toTechnician(row: TechnicianRow): Technician {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    // A photo stored before addresses were checked is shown only if it would be accepted today; otherwise initials.
    avatar: row.avatar !== null && photoAddressProblem(row.avatar) === null ? row.avatar : null,
    vehicleInfo: row.vehicle_info,
    specialties: row.specialties,
    rating: Number(row.rating),
    completedJobs: row.completed_jobs,
    status: row.status,
    currentLocation:
      row.lat !== null && row.lng !== null
        ? { lat: row.lat, lng: row.lng, address: row.location_address, lastUpdated: (row.location_updated_at ?? row.created_at).toISOString() }
        : null,
    active: row.active,
  };
}

/** A technician as staff see them: with their working hours (in weekday order) and days off (in date order). */
export const toStaffTechnician = (row: TechnicianRow): StaffTechnician => ({
  ...toTechnician(row),
  workingHours: [...row.working_hours].sort((a, b) => a.weekday - b.weekday),
  daysOff: [...row.days_off].sort(),
});

/**
 * What a record is shown with besides its row: the time of the read, its trip, how the ETA is reckoned, and who reads
 * it.
 */
export type RecordExtras = { now: Date; route: GeoPoint[]; eta: EtaSettings; audience: RecordAudience };

/**
 * A record as callers see it. Nothing is made up: the customer's coordinates are those the address was placed at (null
 * when unknown), with how precisely (a ZIP's or a town's centre is approximate), distance and ETA are computed from the technician's last position only while both are known, and
 * the arrival estimate is the scheduled start until the technician is on the way (`estimateArrival`). Staff and the
 * technician see the technician's position while the job is open; the customer (owner or link holder) only while the
 * technician is on the way to this visit, never before (a visit days away, or their other jobs of the day) nor after
 * arrival, and the trip, distance and ETA likewise. Progress is contracts' `arrivalProgress`, as the pages show it.
 */
export function toTrackingRecord(view: TrackingView, { now, route, eta, audience }: RecordExtras): TrackingRecord {
  const open = view.closed_at === null && view.status !== 'completed';
  const onTheWay = open && view.status === 'en-route';
  const showsTrip = audience === 'full' || onTheWay;
  const location =
    open && showsTrip && view.lat !== null && view.lng !== null
      ? { lat: view.lat, lng: view.lng, address: view.location_address, lastUpdated: view.location_updated_at ?? view.updated_at }
      : null;
  const customer = view.customer_lat !== null && view.customer_lng !== null ? { lat: view.customer_lat, lng: view.customer_lng } : null;
  const arrival = estimateArrival({
    status: view.status,
    open: view.closed_at === null,
    technician: location && { lat: location.lat, lng: location.lng, at: location.lastUpdated },
    customer,
    scheduledStart: view.starts_at,
    actualArrival: view.actual_arrival,
    road: toRoadEstimate(view),
  }, eta);
  return {
    appointmentId: String(view.appointment_id),
    technicianId: view.technician_id,
    status: view.status,
    scheduledStart: view.starts_at.toISOString(),
    scheduledEnd: view.ends_at.toISOString(),
    estimatedArrival: arrival.estimatedArrival.toISOString(),
    estimatedArrivalSource: arrival.estimatedArrivalSource,
    actualArrival: view.actual_arrival?.toISOString() ?? null,
    location: location && { ...location, lastUpdated: location.lastUpdated.toISOString() },
    customerLocation: customerLocation(view),
    route: showsTrip ? route : [],
    distanceToCustomer: arrival.distanceToCustomer,
    estimatedTimeToArrival: arrival.estimatedTimeToArrival,
    progress: arrivalProgress({ status: view.status, estimatedArrival: arrival.estimatedArrival.toISOString() }, now.getTime()),
    service: { serviceType: view.service_type, appliance: view.appliance, brand: view.brand },
    notifications: view.notifications,
    closed: view.closed_at && view.close_reason ? { at: view.closed_at.toISOString(), reason: view.close_reason } : null,
    updatedAt: view.updated_at.toISOString(),
    startAllowed: audience === 'full' && view.start_allowed_on !== null ? { day: view.start_allowed_on, by: view.start_allowed_by ?? 'the office' } : null,
  };
}

/**
 * Where the customer's home is placed, and how precisely; for a ZIP's or a town's centre, which ZIP (its five digits)
 * or town (as the customer wrote it) it is the centre of, for the pages' "approximate" note.
 */
function customerLocation(view: TrackingView): CustomerLocation {
  const placed = view.customer_lat !== null && view.customer_lng !== null && view.customer_precision !== null;
  const precision = placed ? view.customer_precision : null;
  const centreOf = precision === 'zip' ? (/^\s*(\d{5})/.exec(view.zip_code)?.[1] ?? view.zip_code.trim()) : precision === 'town' ? view.city.trim() : null;
  return { lat: placed ? view.customer_lat : null, lng: placed ? view.customer_lng : null, address: fullAddress(view), precision, centreOf };
}

/** The appointment's address on one line, as the customer wrote it. */
export const fullAddress = (view: Pick<TrackingView, 'address' | 'city' | 'state' | 'zip_code'>) =>
  `${view.address}, ${view.city}, ${view.state} ${view.zip_code}`;

/** A technician's job of the day: who, where and when, with its tracking record. */
export const toTechnicianJob = (view: TrackingView, record: TrackingRecord): TechnicianJob => ({
  appointmentId: String(view.appointment_id),
  customerName: view.customer_name,
  phone: view.phone,
  address: fullAddress(view),
  serviceType: view.service_type,
  appliance: view.appliance,
  brand: view.brand,
  scheduledStart: record.scheduledStart,
  scheduledEnd: record.scheduledEnd,
  tracking: record,
});
