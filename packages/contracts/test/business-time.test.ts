import { describe, expect, it } from 'vitest';
import { addDays, arrivalWindowText, bookableDates, businessClock, businessDate, businessInstant, weekday } from '../src/business-time.ts';

describe('business time (America/New_York)', () => {
  it('gives the Eastern date for a UTC instant late in the Eastern evening', () => {
    // 23:30 Eastern on 10 March 2026 (EDT) is 03:30 UTC on 11 March.
    expect(businessDate(new Date('2026-03-11T03:30:00Z'))).toBe('2026-03-10');
    // 23:30 Eastern on 20 January 2026 (EST) is 04:30 UTC the next day.
    expect(businessDate(new Date('2026-01-21T04:30:00Z'))).toBe('2026-01-20');
  });

  it('converts wall-clock times to instants on both sides of the DST switches', () => {
    expect(businessInstant('2026-03-07', '08:00').toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(businessInstant('2026-03-08', '08:00').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(businessInstant('2026-11-01', '08:00').toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(businessInstant('2026-10-31', '16:00').toISOString()).toBe('2026-10-31T20:00:00.000Z');
  });

  it('gives the Eastern date and wall-clock time of an instant, in winter and in summer', () => {
    expect(businessClock(new Date('2026-01-15T02:30:00Z'))).toEqual({ date: '2026-01-14', time: '21:30' });
    expect(businessClock(new Date('2026-07-01T13:05:00Z'))).toEqual({ date: '2026-07-01', time: '09:05' });
  });

  it('lists 14 bookable dates from today without Sundays', () => {
    const dates = bookableDates('2026-11-21'); // a Saturday
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-11-21');
    expect(dates[1]).toBe('2026-11-23');
    expect(dates.some((date) => weekday(date) === 0)).toBe(false);
    expect(dates.at(-1)).toBe('2026-12-07');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('says an arrival window in business time with the zone named, in winter and in summer, across noon', () => {
    expect(arrivalWindowText(new Date('2026-12-01T13:00:00Z'), new Date('2026-12-01T15:00:00Z'))).toBe('Tue, Dec 1, 8:00–10:00 AM ET');
    expect(arrivalWindowText(new Date('2026-07-14T15:00:00Z'), new Date('2026-07-14T17:00:00Z'))).toBe('Tue, Jul 14, 11:00 AM–1:00 PM ET');
    // 19:30 Eastern on 1 November 2026 (the day daylight time ends) is already 2 November in UTC.
    expect(arrivalWindowText(new Date('2026-11-02T00:30:00Z'), new Date('2026-11-02T01:30:00Z'))).toBe('Sun, Nov 1, 7:30–8:30 PM ET');
  });
});
