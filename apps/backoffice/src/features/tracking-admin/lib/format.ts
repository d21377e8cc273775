import { approximateHomeNote, isApproximateHome, tracking, type CustomerLocation } from '@repo/contracts';

// The staff screens' places and lists; times and phone links are in src/lib/format.ts, shared with the technician's phone.

/** A latitude or longitude to 4 decimals (about 11 m), as the back office shows and edits them. */
export const formatCoordinate = (value: number): string => value.toFixed(tracking.coordinateDecimals);

/** "29.9012, -81.3124". */
export const formatCoordinates = (lat: number, lng: number): string => `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`;

/** "Refrigerators, ice makers ,, Wine coolers" → the trimmed, non-empty parts. */
export const splitCommaList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * How the customer's home was placed, for staff: a remembered arrival position, the street address, or the
 * "approximate" note of a ZIP's or a town's centre (a distance measured to it can be kilometres off).
 */
export function homePosition(location: CustomerLocation): string {
  if (location.precision === 'visit') return 'Where a technician arrived before';
  if (location.precision === 'street') return 'Street address';
  return approximateHomeNote(location) ?? 'Not placed';
}

/** "3.3 km", or "about 3.3 km" when measured to an approximate home position; null while unknown. */
export function formatDistanceToHome(km: number | null, location: CustomerLocation): string | null {
  if (km === null) return null;
  const distance = `${km.toFixed(tracking.distanceDecimals)} km`;
  return isApproximateHome(location) ? `about ${distance}` : distance;
}
