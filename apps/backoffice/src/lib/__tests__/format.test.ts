import { describe, expect, it } from 'vitest';
import { formatAge, formatAnyDate, formatBusinessClock, formatBusinessDateTime, formatCalendarDay, formatDollars, formatMonthYear, formatPhone, formatTimeWindow, telHref } from '../format.ts';

// The browser's zone in these tests is whatever the machine's is: every answer below is in America/New_York.
describe('back-office formats', () => {
  it('writes instants in Eastern time, summer and winter', () => {
    expect(formatBusinessDateTime('2026-03-10T18:00:00.000Z')).toBe('Mar 10, 2026, 2:00 PM EDT');
    expect(formatBusinessDateTime('2026-01-10T18:00:00.000Z')).toBe('Jan 10, 2026, 1:00 PM EST');
    expect(formatTimeWindow('2026-03-10T18:00:00.000Z', '2026-03-10T19:00:00.000Z')).toBe('2:00 PM – 3:00 PM EDT');
    expect(formatBusinessClock(new Date('2026-03-10T18:31:05.000Z'))).toBe('2:31:05 PM');
  });

  it('writes a business date as the same day wherever the browser is', () => {
    expect(formatCalendarDay('2026-03-10')).toBe('Tuesday, March 10');
    expect(formatCalendarDay('2026-11-01')).toBe('Sunday, November 1');
  });

  it('dials a phone number as people write it', () => {
    expect(telHref('(904) 555-0142')).toBe('tel:9045550142');
    expect(telHref('+1 904 802 1998')).toBe('tel:+19048021998');
  });

  it('writes Member since as month and year, in Eastern time', () => {
    expect(formatMonthYear('2026-03-01T03:00:00.000Z')).toBe('Feb 2026');
  });

  it('writes dollars from numbers and from imported text, leaving text that is no amount as it came', () => {
    expect(formatDollars(189.5)).toBe('$189.50');
    expect(formatDollars('1234.5')).toBe('$1,234.50');
    expect(formatDollars('$2,000')).toBe('$2,000.00');
    expect(formatDollars('0.00')).toBe('$0.00');
    expect(formatDollars('n/a')).toBe('n/a');
    expect(formatDollars('')).toBe('');
  });

  it('writes how long something waited', () => {
    expect([formatAge(0), formatAge(59), formatAge(60), formatAge(3_599), formatAge(3_600), formatAge(3_900), formatAge(86_400), formatAge(100_800)]).toEqual([
      '0 s',
      '59 s',
      '1 min',
      '59 min',
      '1 h',
      '1 h 5 min',
      '1 d',
      '1 d 4 h',
    ]);
  });

  it('writes a phone number one way whatever way another system stored it', () => {
    for (const phone of ['(904) 555-0142', '904.555.0142', '+1 904 555 0142', '1-904-555-0142', '9045550142']) expect(formatPhone(phone)).toBe('(904) 555-0142');
    expect(formatPhone('904-555-0142 ext 7')).toBe('904-555-0142 ext 7');
  });

  it('writes a day one way whatever way another system wrote it', () => {
    for (const day of ['2024-05-17', '05/17/2024', '5/17/2024', '2024-05-17T14:00:00Z']) expect(formatAnyDate(day)).toBe('May 17, 2024');
    // An instant is the day it was in St Augustine: 1:30 UTC on the 18th is still the 17th there.
    expect(formatAnyDate('2024-05-18T01:30:00Z')).toBe('May 17, 2024');
    for (const text of ['soon', '2024-02-30', '13/01/2024']) expect(formatAnyDate(text)).toBe(text);
  });
});
