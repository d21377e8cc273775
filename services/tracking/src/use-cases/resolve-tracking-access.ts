import { trackingMessages } from '@repo/contracts';
import { checkAppointmentLink, notFound } from '@repo/service-kit';
import { findAccessFacts } from '../repositories/appointment-snapshot-repository.ts';
import type { TrackingAudience } from '../domain/audience.ts';
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
 * Decides access to one appointment's tracking, as booking decides access to the appointment page: staff see every
 * appointment; a customer sees their own (the owner booking last told tracking of); a link booking signed for this
 * appointment opens it, manage and track alike, until a day after its current slot; a technician sees the jobs whose
 * open record names them. Someone else's appointment answers exactly as a missing one (404); a forged, malformed or lapsed
 * link is a 401. Answers as whom the caller reads it (the owner and a link holder alike read as the customer).
 */
export async function resolveTrackingAccess(ctx: TrackingContext, caller: TrackingCaller, appointmentId: number): Promise<TrackingAudience> {
  if (caller.staff) return 'staff';
  if (caller.technicianId) {
    // Only while the job is theirs: a technician taken off it (unassigned, so the closed record still names them)
    // follows it no more.
    const record = await findRecord(ctx.db, appointmentId);
    if (record && record.technician_id === caller.technicianId && record.closed_at === null) return 'technician';
  }
  const facts = await findAccessFacts(ctx.db, appointmentId);
  if (facts && caller.customerId !== null && facts.customer_id === caller.customerId) return 'customer';
  if (caller.linkToken === undefined) throw notFound(trackingMessages.notFound);
  checkAppointmentLink(ctx.readLink, caller.linkToken, { appointmentId, slotEndsAt: facts?.ends_at, now: ctx.now(), notFoundMessage: trackingMessages.notFound });
  return 'customer';
}
