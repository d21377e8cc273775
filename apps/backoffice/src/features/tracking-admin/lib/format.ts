import { tracking } from '@repo/contracts';

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
