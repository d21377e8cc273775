import { business } from '@repo/contracts';

/** Times on the technician's phone, in the business time zone whatever the phone's own zone. */
let timeFormat: Intl.DateTimeFormat | undefined;
let zoneFormat: Intl.DateTimeFormat | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;

const time = (value: string | Date) => (timeFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit' })).format(new Date(value));

/** "2:00 PM – 3:00 PM EDT". */
export function formatWindow(start: string, end: string): string {
  const zone = (zoneFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, timeZoneName: 'short' }))
    .formatToParts(new Date(start))
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${time(start)} – ${time(end)}${zone ? ` ${zone}` : ''}`;
}

/** "2:31:05 PM": when the position was last sent. */
export const formatClock = (at: Date): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(at);

/** "Thursday, March 5". */
export const formatToday = (date: string): string =>
  (dayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })).format(new Date(`${date}T12:00:00Z`));

export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Driving directions to an address in the phone's maps app or the browser. */
export const directionsHref = (address: string): string => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
