import { tracking, type TrackingNotification, type TrackingRecord, type TrackingStatus } from '@repo/contracts';

export type TimelineStepState = 'done' | 'current' | 'upcoming';
/** When a step happened (`expected: false`) or, before it has, when it is expected. */
export type TimelineTime = { at: string; expected: boolean };
export type TimelineStep = { title: string; state: TimelineStepState; time?: TimelineTime };

const order: readonly TrackingStatus[] = ['dispatched', 'en-route', 'arrived', 'in-progress', 'completed'];
const reached = (record: TrackingRecord, status: TrackingStatus) => order.indexOf(record.status) >= order.indexOf(status);

const minutesBefore = (iso: string, minutes: number) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();

/** The time of the latest notification of one of `types`: when that event really happened. */
function happenedAt(notifications: readonly TrackingNotification[], ...types: string[]): string | undefined {
  let latest: string | undefined;
  for (const note of notifications) {
    if (types.includes(note.type) && (latest === undefined || Date.parse(note.timestamp) > Date.parse(latest))) latest = note.timestamp;
  }
  return latest;
}

/** When the visit was completed, as its notifications record it; the record's last change otherwise. */
export const completedAt = (record: TrackingRecord): string => happenedAt(record.notifications, 'completed') ?? record.updatedAt;

const real = (at: string | undefined): TimelineTime | undefined => (at ? { at, expected: false } : undefined);

/**
 * Five steps, following the record's real status. A step that happened shows the time it happened when the record
 * knows it; one still to come shows its expected time (scheduled − 60 and − 45 minutes, the
 * expected arrival), marked as expected. Nothing made up is shown as a fact.
 */
export function serviceTimeline(record: TrackingRecord): TimelineStep[] {
  const { notifications } = record;
  const step = (title: string, done: boolean, current: boolean, time: TimelineTime | undefined, expectedAt?: string): TimelineStep => {
    const state: TimelineStepState = done ? 'done' : current ? 'current' : 'upcoming';
    const shown = done || current ? time : expectedAt ? { at: expectedAt, expected: true } : undefined;
    return shown ? { title, state, time: shown } : { title, state };
  };
  return [
    step('Appointment Scheduled', true, false, undefined, minutesBefore(record.scheduledStart, tracking.timelineScheduledMinutesBefore)),
    step(
      'Technician Dispatched',
      reached(record, 'dispatched'),
      false,
      real(happenedAt(notifications, 'dispatched', 'reassigned')),
      minutesBefore(record.scheduledStart, tracking.timelineDispatchedMinutesBefore),
    ),
    step('En Route to Location', reached(record, 'arrived'), record.status === 'en-route', real(happenedAt(notifications, 'en-route'))),
    step(
      'Technician Arrival',
      reached(record, 'arrived'),
      false,
      real(record.actualArrival ?? happenedAt(notifications, 'arrived')),
      record.estimatedArrival,
    ),
    step('Service Complete', reached(record, 'completed'), record.status === 'in-progress', real(happenedAt(notifications, 'completed', 'in-progress'))),
  ];
}
