/** Plane-free geometry on the Earth's surface, for distances, ETAs and the demo drive. Pure functions, no I/O. */

export type GeoPoint = { lat: number; lng: number };

/** Mean Earth radius (IUGG), km. */
const earthRadiusKm = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (rad: number) => (rad * 180) / Math.PI;

/** Great-circle (haversine) distance in km: symmetric, never negative, 0 for the same point. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair past 1 for antipodal points; asin would then be NaN.
  return 2 * earthRadiusKm * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Initial bearing from `a` to `b`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: GeoPoint, b: GeoPoint): number {
  const lat1 = radians(a.lat);
  const lat2 = radians(b.lat);
  const dLng = radians(b.lng - a.lng);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (degrees(Math.atan2(y, x)) + 360) % 360;
}

/** The point `km` from `from` along `bearing` (degrees clockwise from north). */
export function destination(from: GeoPoint, bearing: number, km: number): GeoPoint {
  const angle = km / earthRadiusKm;
  const heading = radians(bearing);
  const lat1 = radians(from.lat);
  const lng1 = radians(from.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(heading));
  const lng2 = lng1 + Math.atan2(Math.sin(heading) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: degrees(lat2), lng: ((degrees(lng2) + 540) % 360) - 180 };
}

/** How the ETA turns a straight-line distance into driving minutes (TRACKING_AVERAGE_SPEED_KMH, TRACKING_ROAD_FACTOR). */
export type EtaSettings = { averageSpeedKmh: number; roadFactor: number };

/**
 * Driving minutes for a straight-line distance: roads are `roadFactor` times longer than the crow flies, driven at
 * `averageSpeedKmh`. Rounded up, and at least 1: a technician on the way has not arrived yet.
 */
export function etaMinutes(km: number, settings: EtaSettings): number {
  const minutes = ((km * settings.roadFactor) / settings.averageSpeedKmh) * 60;
  return Math.max(1, Math.ceil(minutes - 1e-9));
}
