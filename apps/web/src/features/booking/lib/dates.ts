import { addDays, weekday as weekdayOf } from '@repo/contracts';

/** Formats a calendar date ('YYYY-MM-DD') without any time-zone shift: the date is the business's date. */
const formatters = {
  monthDay: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
};

const asUtcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** MMM d, e.g. "Nov 25". */
export const formatMonthDay = (date: string) => formatters.monthDay.format(asUtcDate(date));
/** EEEE, e.g. "Wednesday". */
export const formatWeekday = (date: string) => formatters.weekday.format(asUtcDate(date));
/** EEEE, MMMM d, yyyy, e.g. "Wednesday, November 25, 2026". */
export const formatLongDate = (date: string) => formatters.long.format(asUtcDate(date));

/** "09:00-10:00" shown as "9:00 AM - 10:00 AM". */
export function formatSlot(slot: string): string {
  return slot
    .split('-')
    .map((time) => {
      const [h, m] = time.split(':').map(Number) as [number, number];
      const suffix = h >= 12 ? 'PM' : 'AM';
      return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
    })
    .join(' - ');
}

/** "14:00" shown as "2:00 PM". */
export const formatTime = (time: string): string => formatSlot(time);

/** The arrival window a slot stands for, e.g. "between 9:00 AM and 10:00 AM". */
export function arrivalWindow(slot: string): string {
  const [start, end] = slot.split('-') as [string, string];
  return `between ${formatTime(start)} and ${formatTime(end)}`;
}

/**
 * The bookable dates laid out as a calendar: whole weeks from Sunday to Saturday, from the week of the first date to
 * the week of the last, each day in its weekday's column. Days outside the window are null (empty cells); the days
 * inside it that cannot be booked (Sundays) are there, for the page to show disabled.
 */
export function calendarWeeks(dates: readonly string[]): (string | null)[][] {
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return [];
  const weeks: (string | null)[][] = [];
  let day = addDays(first, -weekdayOf(first));
  while (day <= last || weeks.at(-1)!.length < 7) {
    if (weeks.length === 0 || weeks.at(-1)!.length === 7) weeks.push([]);
    weeks.at(-1)!.push(day >= first && day <= last ? day : null);
    day = addDays(day, 1);
  }
  return weeks;
}
