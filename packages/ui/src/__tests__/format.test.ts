import { describe, expect, it } from 'vitest';
import { formatter } from '../format.ts';

describe('formatter', () => {
  it('makes a formatter once per kind, locale and options, whatever order the options are written in', () => {
    const longDate = formatter('date', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(formatter('date', { timeZone: 'UTC', day: 'numeric', month: 'long' })).toBe(longDate);
    expect(formatter('date', { month: 'long', day: 'numeric', timeZone: 'America/New_York' })).not.toBe(longDate);
    expect(formatter('date', { month: 'long', day: 'numeric', timeZone: 'UTC' }, 'en-GB')).not.toBe(longDate);
    expect(formatter('number')).toBe(formatter('number', {}));
    expect(formatter('number')).not.toBe(formatter('date'));
  });

  it('writes what Intl writes, in US English unless told otherwise', () => {
    const instant = new Date('2026-03-10T18:35:07.000Z');
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/New_York' };
    expect(formatter('date', options).format(instant)).toBe('Mar 10, 2026, 2:35 PM EDT');
    expect(formatter('date', options).format(instant)).toBe(new Intl.DateTimeFormat('en-US', options).format(instant));
    expect(formatter('number', { style: 'currency', currency: 'USD' }).format(1234.5)).toBe('$1,234.50');
    expect(formatter('number').format(12345)).toBe('12,345');
    expect(formatter('number', {}, 'de-DE').format(12345)).toBe('12.345');
  });
});
