import {
  otherDayMessage,
  trackingMessages,
  trackingNotificationMessages,
  trackingStatuses,
  trackingStatusLabels,
  type AppointmentDispatch,
  type TrackingCloseReason,
  type TrackingNotification,
  type TrackingStatus,
} from '@repo/contracts';
import { conflict, type DomainError } from '@repo/service-kit';
import type { TrackingRecordRow } from '../db/schema.ts';

type RecordState = Pick<TrackingRecordRow, 'technician_id' | 'status' | 'actual_arrival' | 'closed_at' | 'close_reason'>;

/** A record's state after a change, and the notifications the change adds. */
export type RecordPlan = {
  technicianId: string;
  status: TrackingStatus;
  actualArrival: Date | null;
  closed: { at: Date; reason: TrackingCloseReason } | null;
  add: TrackingNotification[];
};

const underWay = new Set<TrackingStatus>(['en-route', 'arrived', 'in-progress']);

const note = (type: keyof typeof trackingNotificationMessages, now: Date): TrackingNotification =>
  ({ type, message: trackingNotificationMessages[type], timestamp: now.toISOString() });

/**
 * What booking's newer snapshot of an appointment does to its tracking record (undefined: there is none, and none is
 * needed). A record opens when the appointment first has a technician; a new technician takes it over from the start
 * (dispatched); taking the technician off or cancelling closes it (kept, with the reason); a closed record reopens when
 * a technician is assigned again; a new time is noted, and a job under way goes back to dispatched since the visit is
 * no longer now; an appointment completed in booking completes the record.
 */
export function planRecord(current: RecordState | undefined, previousStart: Date | undefined, snapshot: AppointmentDispatch, now: Date): RecordPlan | undefined {
  const technicianId = snapshot.status === 'cancelled' ? null : snapshot.technicianId;
  const completed = snapshot.status === 'completed';
  if (!current) {
    if (technicianId === null) return undefined;
    return { technicianId, status: completed ? 'completed' : 'dispatched', actualArrival: null, closed: null, add: [note('dispatched', now)] };
  }
  const plan: RecordPlan = {
    technicianId: current.technician_id,
    status: current.status,
    actualArrival: current.actual_arrival,
    closed: current.closed_at && current.close_reason ? { at: current.closed_at, reason: current.close_reason } : null,
    add: [],
  };
  if (technicianId === null) {
    const reason: TrackingCloseReason = snapshot.status === 'cancelled' ? 'cancelled' : 'unassigned';
    if (plan.closed?.reason === reason) return plan;
    return { ...plan, closed: { at: plan.closed?.at ?? now, reason }, add: [note(reason, now)] };
  }
  const rescheduled = previousStart !== undefined && previousStart.getTime() !== new Date(snapshot.startsAt).getTime();
  if (plan.closed || plan.technicianId !== technicianId) {
    plan.add.push(note(plan.closed || plan.technicianId === technicianId ? 'dispatched' : 'reassigned', now));
    plan.technicianId = technicianId;
    plan.status = 'dispatched';
    plan.actualArrival = null;
    plan.closed = null;
  } else if (rescheduled) {
    plan.add.push(note('rescheduled', now));
    if (underWay.has(plan.status)) {
      plan.status = 'dispatched';
      plan.actualArrival = null;
    }
  }
  if (completed && plan.status !== 'completed') {
    plan.status = 'completed';
    plan.add.push(note('completed', now));
  }
  return plan;
}

/** The one status a job may move to from `current`; undefined once completed. */
export function nextTrackingStatus(current: TrackingStatus): TrackingStatus | undefined {
  return trackingStatuses[trackingStatuses.indexOf(current) + 1];
}

/** Why a job cannot move to `wanted`, or undefined when it can: statuses move forward one step at a time. */
export function transitionRefusal(record: RecordState, wanted: TrackingStatus): DomainError | undefined {
  if (record.close_reason === 'cancelled') return conflict(trackingMessages.closedCancelled);
  if (record.close_reason === 'unassigned') return conflict(trackingMessages.closedUnassigned);
  const next = nextTrackingStatus(record.status);
  if (!next) return conflict(trackingMessages.completed);
  if (wanted === next) return undefined;
  return conflict(trackingMessages.notNext.replace('{current}', trackingStatusLabels[record.status]).replace('{next}', trackingStatusLabels[next]));
}

/** The notification a move to `status` adds. */
export const statusNotification = (status: TrackingStatus, now: Date) => note(status, now);

/**
 * Why the job's own technician may not move it today, or undefined when they may: a visit dated another day moves
 * only once the office allowed it for today (a later visit started early, one left from yesterday). Staff are not
 * held by it: the office moving a job is the confirmation.
 */
export function otherDayRefusal(scheduledDate: string, allowedOn: string | null, today: string): DomainError | undefined {
  if (scheduledDate === today || allowedOn === today) return undefined;
  return conflict(otherDayMessage(scheduledDate));
}
