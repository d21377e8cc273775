import { distanceKm, type GeoPoint } from './geo.ts';

/** A driving route's length and time. */
export type RoadRoute = { distanceKm: number; minutes: number };

/**
 * A routing engine: the driving route from one point to another, null when it knows no route between them; a router
 * asking a web service throws `RouterUnavailable` when it could not ask or read the answer.
 */
export type Router = { route(from: GeoPoint, to: GeoPoint): Promise<RoadRoute | null> };

export class RouterUnavailable extends Error {
  override name = 'RouterUnavailable';
}

/** The routing engine's last answer for a job en route, as stored: where it was asked from and to, and when. */
export type RoadEstimate = { from: GeoPoint; to: GeoPoint; route: RoadRoute | null; askedAt: Date };

/** The routing engine is asked at most this often per job en route... */
export const roadAskIntervalMs = 30_000;
/** ...and only once the technician moved this far from where it was last asked from. */
export const roadAskMoveKm = 0.2;

const samePoint = (a: GeoPoint, b: GeoPoint) => Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.lng - b.lng) < 1e-9;

/**
 * Whether a position report should ask the routing engine again, so it is not asked on every GPS ping: always when the
 * job has no answer yet or the customer's point moved (an arrival elsewhere placed the address anew); otherwise at most
 * once per 30 s, and then only when the technician moved more than 200 m since the last ask or the last ask failed.
 * Between asks the last answer is scaled to the technician's progress (`roadArrival`).
 */
export function shouldAskRoad(last: RoadEstimate | null, position: GeoPoint, customer: GeoPoint, now: Date): boolean {
  if (!last || !samePoint(last.to, customer)) return true;
  if (now.getTime() - last.askedAt.getTime() < roadAskIntervalMs) return false;
  return last.route === null || distanceKm(last.from, position) > roadAskMoveKm;
}

/**
 * Road distance and driving minutes from `technician` to `customer`, from the last answer for this customer point: the
 * route asked from near where the technician was then, scaled by how much nearer (or farther) the technician now is
 * in a straight line. Undefined when there is no usable answer (none, failed, for another point, or asked from the
 * doorstep itself): the ETA is then the straight line's.
 */
export function roadArrival(estimate: RoadEstimate | null, technician: GeoPoint, customer: GeoPoint): RoadRoute | undefined {
  if (!estimate?.route || !samePoint(estimate.to, customer)) return undefined;
  const then = distanceKm(estimate.from, customer);
  if (then < 0.001) return undefined;
  const share = distanceKm(technician, customer) / then;
  return { distanceKm: estimate.route.distanceKm * share, minutes: estimate.route.minutes * share };
}
