import { appointmentPageMessages, trackingMessages, type TechnicianView } from '@repo/contracts';
import { notFound, unauthorized } from '@repo/service-kit';
import { toTechnician } from '../repositories/mappers.ts';
import { findTechnicianById } from '../repositories/technician-repository.ts';
import { findOpenRecordOfCustomer, findRecord } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import { resolveTrackingAccess, type TrackingCaller } from './resolve-tracking-access.ts';

/**
 * One technician. Staff read any, a technician themselves; a customer or link holder reads only the technician assigned to an appointment they
 * have access to (`appointmentId`, else the link's appointment, else any open job for the signed-in customer), and
 * sees where the technician is only while the technician is on the way to that visit: before (the visit is days away,
 * or the technician is at another customer's) and after arrival, the card has no position. Nor does a customer see the
 * technician's availability (free, busy elsewhere, off), at any time. Everyone else gets a 404,
 * as for a missing one.
 */
export async function getTechnician(ctx: TrackingContext, caller: TrackingCaller, id: string, appointmentId?: number): Promise<TechnicianView> {
  const row = await findTechnicianById(ctx.db, id);
  if (caller.staff || (caller.technicianId && caller.technicianId === id)) {
    if (!row) throw notFound(trackingMessages.technicianNotFound);
    return toTechnician(row);
  }
  const linkClaims = caller.linkToken === undefined ? undefined : ctx.readLink(caller.linkToken);
  if (caller.linkToken !== undefined && !linkClaims && caller.customerId === null) throw unauthorized(appointmentPageMessages.linkExpired);
  const via = appointmentId ?? linkClaims?.appointmentId;
  let job: { status: string } | undefined;
  if (via !== undefined) {
    await resolveTrackingAccess(ctx, caller, via);
    const record = await findRecord(ctx.db, via);
    job = record && record.technician_id === id && record.closed_at === null ? record : undefined;
  } else if (caller.customerId !== null) {
    job = await findOpenRecordOfCustomer(ctx.db, id, caller.customerId);
  }
  if (!row || !job) throw notFound(trackingMessages.technicianNotFound);
  const { status: _availability, ...technician } = toTechnician(row);
  return job.status === 'en-route' ? technician : { ...technician, currentLocation: null };
}
