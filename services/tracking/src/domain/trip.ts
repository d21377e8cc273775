import { distanceKm, type GeoPoint } from './geo.ts';

/** A trip keeps at most `maxPoints` positions (the newest), and none closer than `minStepKm` to the one before. */
export const tripLimits = { maxPoints: 500, minStepKm: 0.01 } as const;

/** Whether a reported position adds to a trip: its first point, or one that moved at least 10 m from the last. */
export const extendsTrip = (last: GeoPoint | undefined, next: GeoPoint) => !last || distanceKm(last, next) >= tripLimits.minStepKm;
