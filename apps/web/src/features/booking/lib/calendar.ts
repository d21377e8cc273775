import { addDays, weekday } from '@repo/contracts';
import { weekdayNames } from './dates.ts';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * MMM d, e.g. "Nov 25", read from the date itself (no time-zone shift, and no Intl formatter: the calendar shows as
 * the page starts, when a first formatter's locale data would cost the main thread tens of milliseconds).
 */
export function formatMonthDay(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${monthNames[month - 1]} ${day}`;
}

/** EEEE, e.g. "Wednesday". */
export const formatWeekday = (date: string): string => weekdayNames[weekday(date)]!;

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
  let day = addDays(first, -weekday(first));
  while (day <= last || weeks.at(-1)!.length < 7) {
    if (weeks.length === 0 || weeks.at(-1)!.length === 7) weeks.push([]);
    weeks.at(-1)!.push(day >= first && day <= last ? day : null);
    day = addDays(day, 1);
  }
  return weeks;
}
