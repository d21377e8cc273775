import { describe, expect, it } from 'vitest';
import { formatArrivalWindow, formatDate, formatDateOption, formatMonthYear, formatTimeSlot } from '../dates.ts';

describe('portal dates (en-US, America/New_York)', () => {
  it("shows instants as 'MMM dd, yyyy' on the business's calendar, whatever the browser's zone", () => {
    expect(formatDate('2026-03-05T15:00:00.000Z')).toBe('Mar 05, 2026');
    // 03:30 UTC on January 1 is still December 31 in St Augustine.
    expect(formatDate('2026-01-01T03:30:00.000Z')).toBe('Dec 31, 2025');
    expect(formatDate('2026-07-01T04:30:00.000Z')).toBe('Jul 01, 2026');
  });

  it('shows calendar dates as they are, without a zone shift', () => {
    expect(formatDate('2026-03-10')).toBe('Mar 10, 2026');
    expect(formatDate('2026-01-01')).toBe('Jan 01, 2026');
  });

  it('leaves text that is no date as it is', () => {
    expect(formatDate('last spring')).toBe('last spring');
    expect(formatMonthYear('soon')).toBe('soon');
  });

  it("shows Member since as 'MMM yyyy'", () => {
    expect(formatMonthYear('2024-03-01T03:30:00.000Z')).toBe('Feb 2024');
    expect(formatMonthYear('2024-03-01T12:00:00.000Z')).toBe('Mar 2024');
  });

  it('names bookable dates with their weekday', () => {
    expect(formatDateOption('2026-03-11')).toBe('Wed, Mar 11, 2026');
  });

  it('shows time slots on a 12-hour clock and leaves odd ones as they are', () => {
    expect(formatTimeSlot('14:00-15:00')).toBe('2:00 PM - 3:00 PM');
    expect(formatTimeSlot('08:00-09:00')).toBe('8:00 AM - 9:00 AM');
    expect(formatTimeSlot('11:30-12:30')).toBe('11:30 AM - 12:30 PM');
    expect(formatTimeSlot('morning')).toBe('morning');
  });

  it('shows the arrival window in Eastern time, daylight saving included', () => {
    expect(formatArrivalWindow('2026-03-10T14:00:00-04:00', '2026-03-10T15:00:00-04:00')).toBe('Tuesday, March 10, 2026, 2:00 PM – 3:00 PM EDT');
    expect(formatArrivalWindow('2026-01-15T13:00:00Z', '2026-01-15T14:00:00Z')).toBe('Thursday, January 15, 2026, 8:00 AM – 9:00 AM EST');
  });
});
