import { business } from '@repo/contracts';
import { formatter } from '@repo/ui';

/**
 * Dates as the portal shows them ('MMM dd, yyyy', member since 'MMM yyyy'), in US English and the business time zone
 * (America/New_York) whatever the browser's zone. Intl does it, so no date library ships.
 */
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each format's formatter is made on first use (`formatter`): making one in a named time zone loads that zone's data,
 * which costs a slow phone tens of milliseconds, and the pages that load this module do not all show dates at once.
 */
const inZone = (options: Intl.DateTimeFormatOptions) => () => formatter('date', { timeZone: business.timeZone, ...options });
// A calendar date ('YYYY-MM-DD') is already the business's date: read at UTC midnight and shown in UTC, it never shifts.
const asCalendar = (options: Intl.DateTimeFormatOptions) => () => formatter('date', { timeZone: 'UTC', ...options });

const dayFormat: Intl.DateTimeFormatOptions = { month: 'short', day: '2-digit', year: 'numeric' };
const formatters = {
  day: inZone(dayFormat),
  calendarDay: asCalendar(dayFormat),
  monthYear: inZone({ month: 'short', year: 'numeric' }),
  longDay: inZone({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
  calendarOption: asCalendar({ weekday: 'short', month: 'short', day: '2-digit', year: 'numeric' }),
  time: inZone({ hour: 'numeric', minute: '2-digit' }),
  dayTime: inZone({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
  zoneName: inZone({ timeZoneName: 'short' }),
};

function parse(value: string): Date | undefined {
  const date = new Date(calendarDate.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'MMM dd, yyyy' ("Mar 05, 2026") for a calendar date or an instant; text that is neither is shown as it is. */
export function formatDate(value: string): string {
  const date = parse(value);
  if (!date) return value;
  return (calendarDate.test(value) ? formatters.calendarDay : formatters.day)().format(date);
}

/** 'MMM yyyy' ("Mar 2026"), for Member since. */
export function formatMonthYear(value: string): string {
  const date = parse(value);
  return date ? formatters.monthYear().format(date) : value;
}

/** A bookable date ('YYYY-MM-DD') as a choice in a list: "Wed, Mar 11, 2026". */
export const formatDateOption = (date: string): string => formatters.calendarOption().format(new Date(`${date}T00:00:00Z`));

/** "14:00-15:00" as "2:00 PM - 3:00 PM"; anything else as it is. */
export function formatTimeSlot(slot: string): string {
  const times = slot.split('-');
  if (times.length !== 2 || !times.every((time) => /^\d{2}:\d{2}$/.test(time))) return slot;
  return times
    .map((time) => {
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`;
    })
    .join(' - ');
}

/** The arrival window of two instants in Eastern time: "Tuesday, March 10, 2026, 2:00 PM – 3:00 PM EDT". */
export function formatArrivalWindow(startsAt: string, endsAt: string): string {
  const start = parse(startsAt);
  const end = parse(endsAt);
  if (!start || !end) return `${startsAt} – ${endsAt}`;
  const zone = formatters.zoneName().formatToParts(start).find((part) => part.type === 'timeZoneName')?.value ?? 'ET';
  return `${formatters.longDay().format(start)}, ${formatters.time().format(start)} – ${formatters.time().format(end)} ${zone}`;
}

/** An instant as a day and a time in Eastern time: "Mar 10, 2:00 PM"; text that is no instant is shown as it is. */
export function formatDayTime(value: string): string {
  const date = parse(value);
  return date ? formatters.dayTime().format(date) : value;
}
