import { business } from '@repo/contracts';

/**
 * How the back office writes times, days and phone numbers, on the staff screens and the technician's phone alike:
 * instants in the business time zone (America/New_York) whatever the browser's zone. Formatters are made on first use
 * (a named zone costs a phone tens of milliseconds to load).
 */
function inZone(options: Intl.DateTimeFormatOptions, timeZone: string = business.timeZone): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', { timeZone, ...options }));
}

const formatters = {
  dateTime: inZone({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  day: inZone({ month: 'short', day: '2-digit', year: 'numeric' }),
  time: inZone({ hour: 'numeric', minute: '2-digit' }),
  timeWithZone: inZone({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  clock: inZone({ hour: 'numeric', minute: '2-digit', second: '2-digit' }),
  // A calendar date is not an instant: read at noon UTC and written in UTC, it is the same day everywhere.
  calendarDay: inZone({ weekday: 'long', month: 'long', day: 'numeric' }, 'UTC'),
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

/** "Thursday, March 5": a business date ('YYYY-MM-DD') as people say it. */
export const formatCalendarDay = (date: string): string => formatters.calendarDay().format(new Date(`${date}T12:00:00Z`));

/** A tel: link for a phone number as people write it. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
