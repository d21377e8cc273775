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
