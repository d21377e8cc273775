import { businessInstant } from '@repo/contracts';

/** The start and end times ('HH:MM') of a slot label such as '14:00-15:00'. */
export const slotTimes = (slot: string) => ({ start: slot.slice(0, 5), end: slot.slice(6, 11) });

/** When a slot on `date` starts and ends, as instants (the slot times are business wall-clock times). */
export function slotInstants(date: string, slot: string): { start: Date; end: Date } {
  const { start, end } = slotTimes(slot);
  return { start: businessInstant(date, start), end: businessInstant(date, end) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The business wall-clock time `time` on `date` in ISO 8601 with its UTC offset that day: '2026-11-02T08:00:00-05:00'. */
export function businessIsoString(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const offsetMinutes = Math.round((Date.UTC(y, m - 1, d, h, min) - businessInstant(date, time).getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${date}T${time}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
