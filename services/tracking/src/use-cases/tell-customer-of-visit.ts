import {
  technicianArrivedTopic,
  technicianEnRouteTopic,
  technicianFirstName,
  technicianInitials,
  technicianRunningLateTopic,
  type TrackingStatus,
} from '@repo/contracts';
import type { TechnicianRow, Trx } from '../db/schema.ts';
import { estimateArrival, lateArrival, type ArrivalEstimate } from '../domain/arrival.ts';
import { toRoadEstimate } from '../repositories/road-estimate-repository.ts';
import { findView, markRunningLate, type TrackingView } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';

/** The technician as the customer's messages name them: first name and initials, never the full name or id. */
const shownTechnician = (technician: Pick<TechnicianRow, 'name'>) =>
  ({ technicianFirstName: technicianFirstName(technician.name), technicianInitials: technicianInitials(technician.name) });

/**
 * The arrival of a job on the way as of `now`: from the technician's last position, taken as theirs at `now` (where
 * they set off from, or the position just reported), to the customer's; the scheduled start without either.
 */
const arrivalAsOf = (ctx: TrackingContext, view: TrackingView, now: Date): ArrivalEstimate =>
  estimateArrival({
    status: 'en-route',
    open: true,
    technician: view.lat !== null && view.lng !== null ? { lat: view.lat, lng: view.lng, at: now } : null,
    customer: view.customer_lat !== null && view.customer_lng !== null ? { lat: view.customer_lat, lng: view.customer_lng } : null,
    scheduledStart: view.starts_at,
    actualArrival: null,
    road: toRoadEstimate(view),
  }, ctx.eta);

/**
 * Tells notifications, in the transaction that moved the job, that the technician set off for the visit or arrived
 * there, so the customer gets their email. Only what that email says travels: the technician's first name and
 * initials (never the full name, id or position) and, setting off, the ETA from the technician's last position as of
 * now (`estimateArrival`, the position taken as where they set off from; the scheduled start without one). Other steps
 * tell nobody. Notifications sends each email once per visit, however often the job sets off or arrives. Setting off
 * already too late for the window also tells notifications the technician is running late (`tellIfRunningLate`).
 */
export async function tellCustomerOfVisit(ctx: TrackingContext, trx: Trx, appointmentId: number, status: TrackingStatus, technician: Pick<TechnicianRow, 'name'>, now: Date): Promise<void> {
  const shown = { appointmentId, ...shownTechnician(technician) };
  if (status === 'arrived') {
    await ctx.effects.enqueue(trx, technicianArrivedTopic, { ...shown, at: now.toISOString() });
    return;
  }
  if (status !== 'en-route') return;
  const view = await findView(trx, appointmentId);
  if (!view) return;
  const arrival = arrivalAsOf(ctx, view, now);
  await ctx.effects.enqueue(trx, technicianEnRouteTopic, {
    ...shown,
    etaMinutes: arrival.estimatedTimeToArrival,
    estimatedArrival: arrival.estimatedArrival.toISOString(),
    estimatedArrivalSource: arrival.estimatedArrivalSource,
    at: now.toISOString(),
  });
  await tellIfRunningLate(ctx, trx, view, technician, arrival, now);
}

/**
 * A technician on the way to these jobs reported a position (already stored, as of `now`): each job whose new arrival
 * estimate passes the end of its window tells notifications the technician is running late (`tellIfRunningLate`).
 */
export async function tellCustomersIfRunningLate(ctx: TrackingContext, trx: Trx, appointmentIds: readonly number[], technician: Pick<TechnicianRow, 'name'>, now: Date): Promise<void> {
  for (const appointmentId of appointmentIds) {
    const view = await findView(trx, appointmentId);
    if (!view || view.status !== 'en-route' || view.closed_at !== null || view.running_late_at !== null) continue;
    await tellIfRunningLate(ctx, trx, view, technician, arrivalAsOf(ctx, view, now), now);
  }
}

/**
 * "Running late": the estimate of a job en route passes the end of its arrival window (`lateArrival`: a live estimate
 * only; the window's end is booking's `endsAt` for the slot, an instant, so no time zone is involved in the
 * comparison). Told once per trip: the record's `running_late_at` is set in this transaction, only if it was not set
 * and the job is still en route (`markRunningLate`), and the effect is written only then. So a later late estimate
 * sends nothing, and nothing is sent after arrival. Setting off again after the job went back to dispatched (a
 * reschedule, a reassignment, a reopened visit) clears the mark, so a new trip may be late for its own window;
 * notifications still sends the customer one running-late message per visit, as it does the on-the-way one.
 */
async function tellIfRunningLate(ctx: TrackingContext, trx: Trx, view: TrackingView, technician: Pick<TechnicianRow, 'name'>, arrival: ArrivalEstimate, now: Date): Promise<void> {
  const late = lateArrival(arrival, view.ends_at);
  if (!late || !(await markRunningLate(trx, view.appointment_id, now))) return;
  await ctx.effects.enqueue(trx, technicianRunningLateTopic, {
    appointmentId: view.appointment_id,
    ...shownTechnician(technician),
    etaMinutes: late.etaMinutes,
    estimatedArrival: late.estimatedArrival.toISOString(),
    windowStart: view.starts_at.toISOString(),
    windowEnd: view.ends_at.toISOString(),
    at: now.toISOString(),
  });
}
