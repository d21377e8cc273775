import { formatSlot } from '@repo/contracts';
import { formatter } from '@repo/ui';

export { formatSlot };

/** The weekdays, Sunday first, as JavaScript's getUTCDay() numbers them. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * EEEE, MMMM d, yyyy, e.g. "Wednesday, November 25, 2026", without any time-zone shift: the date is the business's
 * date. Its formatter is made on first use (`formatter`): a page's first Intl formatter loads the browser's locale
 * data (tens of milliseconds of main thread), which only the later steps need.
 */
export function formatLongDate(date: string): string {
  return formatter('date', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** "14:00" shown as "2:00 PM". */
export const formatTime = (time: string): string => formatSlot(time);

/** The arrival window a slot stands for, e.g. "between 9:00 AM and 10:00 AM". */
export function arrivalWindow(slot: string): string {
  const [start, end] = slot.split('-') as [string, string];
  return `between ${formatTime(start)} and ${formatTime(end)}`;
}
