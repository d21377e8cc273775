import type { TrackingCloseReason } from '@repo/contracts';

/**
 * How a caller may see an appointment's tracking (decided by resolveTrackingAccess): as staff, as the technician the
 * job is assigned to, as the appointment's owner, or with its link.
 */
export type TrackingAccess =
  | { via: 'staff' }
  | { via: 'technician'; technicianId: string }
  | { via: 'owner'; customerId: number }
  | { via: 'link' };

/**
 * What a caller sees of a record: staff and the job's technician everything (`full`); the customer (owner or link)
 * where the technician is only while they are on the way to this visit (`customer`, see toTrackingRecord).
 */
export type RecordAudience = 'full' | 'customer';

export const audienceOf = (access: TrackingAccess): RecordAudience => (access.via === 'staff' || access.via === 'technician' ? 'full' : 'customer');

/** Who may follow an appointment as it stands now: its technician (none once taken off it) and its owner. */
export type Followers = { technicianId: string | null; customerId: number | null };

/** The technician a record lets follow it: the one it names, unless they were taken off the job. */
export const followingTechnician = (record: { technician_id: string; close_reason: TrackingCloseReason | null }): string | null =>
  record.close_reason === 'unassigned' ? null : record.technician_id;

/**
 * Whether access granted earlier still holds after the appointment changed: a technician's goes with the job (a
 * reassignment or unassignment takes it), an owner's with the appointment's owner; staff's and a link's stay.
 */
export function stillHolds(access: TrackingAccess, now: Followers): boolean {
  if (access.via === 'technician') return access.technicianId === now.technicianId;
  if (access.via === 'owner') return access.customerId === now.customerId;
  return true;
}
