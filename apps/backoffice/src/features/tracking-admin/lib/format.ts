import { business, tracking } from '@repo/contracts';

/**
 * How the staff screens write times and places: instants in the business time zone (America/New_York) whatever the
 * browser's zone, coordinates to the spec's 4 decimals. Formatters are made on first use (a named zone costs a phone
 * tens of milliseconds to load).
 */
function inBusinessZone(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, ...options }));
}

const formatters = {
  dateTime: inBusinessZone({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  day: inBusinessZone({ month: 'short', day: '2-digit', year: 'numeric' }),
  time: inBusinessZone({ hour: 'numeric', minute: '2-digit' }),
  timeWithZone: inBusinessZone({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  clock: inBusinessZone({ hour: 'numeric', minute: '2-digit', second: '2-digit' }),
};

function parse(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const format = (formatter: () => Intl.DateTimeFormat) => (value: string | Date) => {
  const date = parse(value);
  return date ? formatter().format(date) : String(value);
};

/** "Mar 10, 2026, 2:35 PM EDT": a local date-time in the business time zone. */
export const formatBusinessDateTime = format(formatters.dateTime);
/** The spec's 'MMM dd, yyyy' ("Mar 05, 2026") of an instant, in the business time zone. */
export const formatBusinessDay = format(formatters.day);
/** "2:35 PM". */
export const formatBusinessTime = format(formatters.time);
/** "2:35 PM EDT". */
export const formatBusinessTimeWithZone = format(formatters.timeWithZone);
/** "2:35:07 PM", for "last sent" lines that change every few seconds. */
export const formatBusinessClock = format(formatters.clock);

/** "2:00 PM – 3:00 PM EDT": an appointment's window. */
export function formatTimeWindow(start: string, end: string): string {
  return `${formatBusinessTime(start)} – ${formatBusinessTimeWithZone(end)}`;
}

/** A latitude or longitude to the spec's 4 decimals. */
export const formatCoordinate = (value: number): string => value.toFixed(tracking.coordinateDecimals);

/** "29.9012, -81.3124". */
export const formatCoordinates = (lat: number, lng: number): string => `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`;

/** "Sara Martinez" → "SM": the avatar without a photo. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** "Refrigerators, ice makers ,, Wine coolers" → the trimmed, non-empty parts. */
export const splitCommaList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** A tel: link for a phone number as people write it. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
