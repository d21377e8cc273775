import { bearingDegrees, destination, distanceKm, type GeoPoint } from './geo.ts';

/**
 * The embedded demo's drive: from a start point 6 km west-north-west of the customer (inland, so the line never
 * crosses the ocean on the coast) straight toward them, 300 m a step; within 150 m it starts over.
 */
export const demoDrive = { startDistanceKm: 6, startBearing: 290, stepKm: 0.3, arrivedWithinKm: 0.15 } as const;
export type DemoDrive = { startDistanceKm: number; startBearing: number; stepKm: number; arrivedWithinKm: number };

export const demoStart = (customer: GeoPoint, drive: DemoDrive = demoDrive) => destination(customer, drive.startBearing, drive.startDistanceKm);

/**
 * Where the demo technician goes next: back to the start when they have no position, have arrived (within
 * `arrivedWithinKm`), or are farther away than the start (somewhere else entirely); otherwise one step toward the
 * customer, never past them.
 */
export function nextDemoPosition(current: GeoPoint | null, customer: GeoPoint, drive: DemoDrive = demoDrive): GeoPoint {
  const remaining = current ? distanceKm(current, customer) : Number.POSITIVE_INFINITY;
  if (!current || remaining <= drive.arrivedWithinKm || remaining > drive.startDistanceKm * 1.5) return demoStart(customer, drive);
  if (remaining <= drive.stepKm) return { lat: customer.lat, lng: customer.lng };
  return destination(current, bearingDegrees(current, customer), drive.stepKm);
}
