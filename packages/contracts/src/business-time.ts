import { booking, business } from './constants.ts';

/**
 * Calendar arithmetic in the business time zone (America/New_York), independent of the server's or browser's zone.
 * Dates are 'YYYY-MM-DD' strings; instants are JS Dates.
 */

/**
 * A formatter made on its first use, not when the module loads: making one costs a few milliseconds on a phone (the
 * first with a time zone loads its data), and a page's first render needs few of them.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('en-US', options));
}

const partsFormatter = lazyDateFormat({
  timeZone: business.timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function zonedParts(instant: Date) {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter().formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

const pad = (value: number) => String(value).padStart(2, '0');

// Formatting through Intl is the slow part of every availability and booking check; the date only changes
// at a minute boundary, so the last answer is kept for its minute.
let lastDate: { minute: number; date: string } | undefined;

/** The business's date and wall-clock time ('HH:MM') at an instant. */
export function businessClock(instant: Date): { date: string; time: string } {
  const p = zonedParts(instant);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** The business's calendar date at `instant`. */
export function businessDate(instant: Date = new Date()): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastDate?.minute === minute) return lastDate.date;
  const p = zonedParts(instant);
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  lastDate = { minute, date };
  return date;
}

/** Adds whole days to a calendar date (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a calendar date. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The instant when the business's wall clock shows `time` ('HH:MM') on `date`; correct across DST changes. */
export function businessInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  let guess = wall;
  // Two passes settle the offset on either side of a DST switch.
  for (let i = 0; i < 2; i += 1) {
    const p = zonedParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wall - shown;
  }
  return new Date(guess);
}

let lastWindow: { key: string; dates: readonly string[] } | undefined;

/** The dates a visitor may book: the next `windowDays` business days from today, Sundays excluded. */
export function bookableDates(today: string = businessDate(), windowDays: number = booking.windowDays): string[] {
  const key = `${today}|${windowDays}`;
  if (lastWindow?.key === key) return [...lastWindow.dates];
  const dates: string[] = [];
  for (let offset = 0; dates.length < windowDays; offset += 1) {
    const date = addDays(today, offset);
    if (weekday(date) !== booking.excludedWeekday) dates.push(date);
  }
  lastWindow = { key, dates };
  return [...dates];
}

const windowDayFormatter = lazyDateFormat({ timeZone: business.timeZone, weekday: 'short', month: 'short', day: 'numeric' });
const windowTimeFormatter = lazyDateFormat({ timeZone: business.timeZone, hour: 'numeric', minute: '2-digit', hour12: true });

function wallTime(instant: Date): { time: string; period: string } {
  const parts: Record<string, string> = {};
  for (const part of windowTimeFormatter().formatToParts(instant)) parts[part.type] = part.value;
  return { time: `${parts.hour}:${parts.minute}`, period: (parts.dayPeriod ?? '').toUpperCase() };
}

/**
 * An arrival window as a message says it, in business time with the zone named: "Tue, Dec 1, 8:00–10:00 AM ET", or
 * "Tue, Dec 1, 11:00 AM–12:00 PM ET" across noon. ET stands for Eastern time in either season.
 */
export function arrivalWindowText(start: Date, end: Date): string {
  const from = wallTime(start);
  const to = wallTime(end);
  const range = from.period === to.period ? `${from.time}–${to.time} ${to.period}` : `${from.time} ${from.period}–${to.time} ${to.period}`;
  return `${windowDayFormatter().format(start)}, ${range} ET`;
}

/** A slot ('09:00-10:00', business wall-clock times) as people read it: "9:00 AM - 10:00 AM"; one time ('14:00'): "2:00 PM". */
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
