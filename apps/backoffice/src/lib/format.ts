import { business, businessDate, usPhoneDigits } from '@repo/contracts';
import { formatter } from '@repo/ui';

/**
 * How the back office writes times, days and phone numbers, on the staff screens and the technician's phone alike:
 * instants in the business time zone (America/New_York) whatever the browser's zone. Formatters are made on first use
 * (`formatter`: a named zone costs a phone tens of milliseconds to load).
 */
const inZone = (options: Intl.DateTimeFormatOptions, timeZone: string = business.timeZone): Intl.DateTimeFormatOptions => ({ timeZone, ...options });

const formats = {
  dateTime: inZone({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  day: inZone({ month: 'short', day: '2-digit', year: 'numeric' }),
  time: inZone({ hour: 'numeric', minute: '2-digit' }),
  timeWithZone: inZone({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  clock: inZone({ hour: 'numeric', minute: '2-digit', second: '2-digit' }),
  monthYear: inZone({ month: 'short', year: 'numeric' }),
  // A calendar date is not an instant: read at noon UTC and written in UTC, it is the same day everywhere.
  calendarDay: inZone({ weekday: 'long', month: 'long', day: 'numeric' }, 'UTC'),
  calendarDate: inZone({ month: 'short', day: 'numeric', year: 'numeric' }, 'UTC'),
};

function parse(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const format = (options: Intl.DateTimeFormatOptions) => (value: string | Date) => {
  const date = parse(value);
  return date ? formatter('date', options).format(date) : String(value);
};

/** "Mar 10, 2026, 2:35 PM EDT": a local date-time in the business time zone. */
export const formatBusinessDateTime = format(formats.dateTime);
/** 'MMM dd, yyyy' ("Mar 05, 2026") of an instant, in the business time zone: the back office's date format. */
export const formatBusinessDay = format(formats.day);
/** "2:35 PM". */
export const formatBusinessTime = format(formats.time);
/** "2:35 PM EDT". */
export const formatBusinessTimeWithZone = format(formats.timeWithZone);
/** "2:35:07 PM", for "last sent" lines that change every few seconds. */
export const formatBusinessClock = format(formats.clock);

/** 'MMM yyyy' ("Mar 2026"), as in Member since. */
export const formatMonthYear = format(formats.monthYear);

/**
 * "$1,234.50" from dollars as a number or as the text imported records carry ("1234.5"); text that is not an amount
 * is shown as it came.
 */
export function formatDollars(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount.replace(/[$,\s]/g, ''));
  if (typeof amount === 'string' && (amount.trim() === '' || !Number.isFinite(value))) return amount;
  return formatter('number', { style: 'currency', currency: 'USD' }).format(value);
}

/** "1,234": a count as people read it. */
export const formatCount = (value: number): string => formatter('number').format(value);

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h": how long something has waited. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** "2:00 PM – 3:00 PM EDT": an appointment's window. */
export function formatTimeWindow(start: string, end: string): string {
  return `${formatBusinessTime(start)} – ${formatBusinessTimeWithZone(end)}`;
}

/** "Thursday, March 5": a business date ('YYYY-MM-DD') as people say it. */
export const formatCalendarDay = (date: string): string => formatter('date', formats.calendarDay).format(new Date(`${date}T12:00:00Z`));

/** "May 17, 2024": a business date ('YYYY-MM-DD') with its year, for a day that may be long past. */
export const formatCalendarDate = (date: string): string => formatter('date', formats.calendarDate).format(new Date(`${date}T12:00:00Z`));

/** A tel: link for a phone number as people write it. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * "(904) 555-0142": a US phone number written one way whatever way it was stored ("904.555.0142", "+1 904 555 0142",
 * "1-904-555-0142"); anything that is not one (an extension, a foreign number) is shown as it came.
 */
export function formatPhone(phone: string): string {
  const digits = usPhoneDigits(phone);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * "May 17, 2024": a day as another system wrote it ("2024-05-17", "05/17/2024", "5/17/2024", or an instant such as
 * "2024-05-17T14:00:00Z", read in the business time zone), written one way; text that is no date is shown as it came.
 */
export function formatAnyDate(value: string): string {
  const text = value.trim();
  const us = usDate.exec(text);
  const day = isoDate.test(text) ? text : us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : undefined;
  if (day) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const checked = new Date(Date.UTC(year, month - 1, date));
    return checked.getUTCMonth() === month - 1 && checked.getUTCDate() === date ? formatCalendarDate(day) : value;
  }
  const instant = /^\d{4}-\d{2}-\d{2}T/.test(text) ? parse(text) : undefined;
  return instant ? formatCalendarDate(businessDate(instant)) : value;
}
