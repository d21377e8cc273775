import type { CustomerLocationPrecision } from '@repo/contracts';
import { distanceKm, type GeoPoint } from './geo.ts';

/** A position older than this when the technician marks the visit arrived may be from the road: not remembered. */
export const visitPositionMaxAgeMs = 5 * 60_000;

/**
 * How far from the address's known point an arrival position may be and still be taken as the address's: a street
 * point or an earlier visit is off by a house or two, so 1 km; a ZIP's or a town's centre can be several kilometres
 * from the door, so 15 km (the service area's ZIP codes are smaller). Farther means the technician pressed Arrived
 * somewhere else (at the previous job, say): the position is not remembered.
 */
export const visitPositionReachKm: Record<CustomerLocationPrecision, number> = { visit: 1, street: 1, zip: 15, town: 15 };

export type ArrivalPosition = GeoPoint & { at: Date | null };

/**
 * Whether the technician's position as they mark the visit arrived shows where the address really is: it must be
 * fresh (at most 5 minutes old) and near enough the point the address was placed at (`visitPositionReachKm`); an
 * address that could not be placed at all has nothing to compare with, so any fresh position is taken.
 */
export function isVisitPosition(position: ArrivalPosition, placed: (GeoPoint & { precision: CustomerLocationPrecision }) | null, now: Date): boolean {
  if (!position.at || now.getTime() - position.at.getTime() > visitPositionMaxAgeMs) return false;
  if (!placed) return true;
  return distanceKm(position, placed) <= visitPositionReachKm[placed.precision];
}
