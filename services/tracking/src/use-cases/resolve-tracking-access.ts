import { trackingMessages } from '@repo/contracts';
import { checkAppointmentLink, notFound } from '@repo/service-kit';
import { followingTechnician, type TrackingAccess } from '../domain/tracking-access.ts';
import { findAccessFacts } from '../repositories/appointment-snapshot-repository.ts';
import { findRecord } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Who is asking: staff, a signed-in customer, a signed-in technician, and the appointment link token they sent
 * (X-Appointment-Access), if any.
 */
export type TrackingCaller = {
  staff: boolean;
  customerId: number | null;
  /** A signed-in technician: they see the jobs assigned to them. */
  technicianId?: string | null;
  linkToken: string | undefined;
};

/**
 * Decides access to one appointment's tracking, as booking decides access to the appointment page, and says how it
 * was granted: staff see every appointment; a technician the jobs whose record names them, until they are taken off
 * one; a customer their own (the owner booking last told tracking of); a link booking signed for this appointment
 * opens it, manage and track alike, until a day after its current slot. Someone else's appointment answers exactly as
 * a missing one (404); a forged, malformed or lapsed link is a 401.
 */
export async function resolveTrackingAccess(ctx: TrackingContext, caller: TrackingCaller, appointmentId: number): Promise<TrackingAccess> {
  if (caller.staff) return { via: 'staff' };
  if (caller.technicianId) {
    const record = await findRecord(ctx.db, appointmentId);
    if (record && followingTechnician(record) === caller.technicianId) return { via: 'technician', technicianId: caller.technicianId };
  }
  const facts = await findAccessFacts(ctx.db, appointmentId);
  if (facts && caller.customerId !== null && facts.customer_id === caller.customerId) return { via: 'owner', customerId: caller.customerId };
  if (caller.linkToken === undefined) throw notFound(trackingMessages.notFound);
  checkAppointmentLink(ctx.readLink, caller.linkToken, { appointmentId, slotEndsAt: facts?.ends_at, now: ctx.now(), notFoundMessage: trackingMessages.notFound });
  return { via: 'link' };
}
