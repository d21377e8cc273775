import type { TrackingStatus } from '@repo/contracts';
import { distanceKm, etaMinutes, type EtaSettings, type GeoPoint } from './geo.ts';
import { roadArrival, type RoadEstimate } from './road-estimate.ts';

/** What an arrival estimate is made from, all of it as stored: nothing is assumed when a position is unknown. */
export type ArrivalFacts = {
  status: TrackingStatus;
  /** False once the technician was unassigned or the appointment cancelled. */
  open: boolean;
  /** The technician's last reported position and when it was reported, or null when unknown. */
  technician: (GeoPoint & { at: Date }) | null;
  /** The customer's coordinates (geocoded from the appointment's address), or null when unknown. */
  customer: GeoPoint | null;
  scheduledStart: Date;
  actualArrival: Date | null;
  /** The routing engine's last answer for this trip, or null (none configured, not asked yet, or failed). */
  road: RoadEstimate | null;
};

export type ArrivalEstimate = {
  /** Kilometres, by road when the routing engine answered, else in a straight line; null while either position is unknown. */
  distanceToCustomer: number | null;
  /** Driving minutes; null while either position is unknown. */
  estimatedTimeToArrival: number | null;
  estimatedArrival: Date;
  estimatedArrivalSource: 'schedule' | 'live';
};

const onSite = new Set<TrackingStatus>(['arrived', 'in-progress', 'completed']);

/**
 * Distance and ETA from the technician's position to the customer's, recomputed on every read (so on every location
 * update): by road from the routing engine's last answer when there is one (`roadArrival`), else the straight line at
 * the average speed (`etaMinutes`). While the job is en route and both positions are known, the arrival estimate is the position's time plus
 * the ETA (`live`); before that it is the scheduled start. Once the technician is there, distance and ETA are 0 and the
 * estimate is the real arrival time. A closed record estimates nothing beyond its schedule.
 */
export function estimateArrival(facts: ArrivalFacts, settings: EtaSettings): ArrivalEstimate {
  const schedule: ArrivalEstimate = { distanceToCustomer: null, estimatedTimeToArrival: null, estimatedArrival: facts.scheduledStart, estimatedArrivalSource: 'schedule' };
  if (!facts.open) return schedule;
  if (onSite.has(facts.status)) {
    return {
      distanceToCustomer: 0,
      estimatedTimeToArrival: 0,
      estimatedArrival: facts.actualArrival ?? facts.scheduledStart,
      estimatedArrivalSource: facts.actualArrival ? 'live' : 'schedule',
    };
  }
  if (!facts.technician || !facts.customer) return schedule;
  const road = roadArrival(facts.road, facts.technician, facts.customer);
  const km = road ? road.distanceKm : distanceKm(facts.technician, facts.customer);
  // A technician on the way has not arrived yet: at least a minute, whichever way it is reckoned.
  const minutes = road ? Math.max(1, Math.ceil(road.minutes - 1e-9)) : etaMinutes(km, settings);
  const distanceToCustomer = Math.round(km * 1000) / 1000;
  if (facts.status !== 'en-route') return { ...schedule, distanceToCustomer, estimatedTimeToArrival: minutes };
  return {
    distanceToCustomer,
    estimatedTimeToArrival: minutes,
    estimatedArrival: new Date(facts.technician.at.getTime() + minutes * 60_000),
    estimatedArrivalSource: 'live',
  };
}

/** A live estimate that passes the end of the visit's arrival window: when the technician is now expected, and in how many minutes. */
export type LateArrival = { estimatedArrival: Date; etaMinutes: number };

/**
 * Whether the technician on the way will be late: only a live estimate (from their position) counts, and only when it
 * is after the window's end (arriving at the end itself is within the window). The schedule's estimate is never late:
 * without a position nothing is known of the delay, and nothing is made up.
 */
export function lateArrival(estimate: ArrivalEstimate, windowEnd: Date): LateArrival | undefined {
  if (estimate.estimatedArrivalSource !== 'live' || estimate.estimatedTimeToArrival === null) return undefined;
  if (estimate.estimatedArrival.getTime() <= windowEnd.getTime()) return undefined;
  return { estimatedArrival: estimate.estimatedArrival, etaMinutes: estimate.estimatedTimeToArrival };
}
