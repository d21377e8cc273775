import { technicianArrivedTopic, technicianEnRouteTopic, technicianFirstName, technicianInitials, type TrackingStatus } from '@repo/contracts';
import type { TechnicianRow, Trx } from '../db/schema.ts';
import { estimateArrival } from '../domain/arrival.ts';
import { findView } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/**
 * Tells notifications, in the transaction that moved the job, that the technician set off for the visit or arrived
 * there, so the customer gets their email. Only what that email says travels: the technician's first name and
 * initials (never the full name, id or position) and, setting off, the ETA from the technician's last position as of
 * now (`estimateArrival`, the position taken as where they set off from; the scheduled start without one). Other steps
 * tell nobody. Notifications sends each email once per visit, however often the job sets off or arrives.
 */
export async function tellCustomerOfVisit(ctx: TrackingContext, trx: Trx, appointmentId: number, status: TrackingStatus, technician: Pick<TechnicianRow, 'name'>, now: Date): Promise<void> {
  const shown = { appointmentId, technicianFirstName: technicianFirstName(technician.name), technicianInitials: technicianInitials(technician.name) };
  if (status === 'arrived') {
    await ctx.effects.enqueue(trx, technicianArrivedTopic, { ...shown, at: now.toISOString() });
    return;
  }
  if (status !== 'en-route') return;
  const view = await findView(trx, appointmentId);
  if (!view) return;
  const arrival = estimateArrival({
    status,
    open: true,
    technician: view.lat !== null && view.lng !== null ? { lat: view.lat, lng: view.lng, at: now } : null,
    customer: view.customer_lat !== null && view.customer_lng !== null ? { lat: view.customer_lat, lng: view.customer_lng } : null,
    scheduledStart: view.starts_at,
    actualArrival: null,
  }, ctx.eta);
  await ctx.effects.enqueue(trx, technicianEnRouteTopic, {
    ...shown,
    etaMinutes: arrival.estimatedTimeToArrival,
    estimatedArrival: arrival.estimatedArrival.toISOString(),
    estimatedArrivalSource: arrival.estimatedArrivalSource,
    at: now.toISOString(),
  });
}
