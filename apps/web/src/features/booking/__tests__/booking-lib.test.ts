import { describe, expect, it } from 'vitest';
import { addDays, bookableDates, weekday, type Customer } from '@repo/contracts';
import { nextBlockedReason } from '../components/date-time-step.tsx';
import { confirmationAddress, confirmationToken, confirmedAppointmentId, keepConfirmationToken } from '../lib/confirmation-address.ts';
import { calendarWeeks, formatMonthDay, formatWeekday } from '../lib/calendar.ts';
import { arrivalWindow, formatLongDate, formatSlot } from '../lib/dates.ts';
import { addressParts, prefillContact } from '../lib/prefill-contact.ts';

describe('date labels', () => {
  it('formats calendar dates without shifting them into the browser zone', () => {
    expect(formatMonthDay('2026-11-25')).toBe('Nov 25');
    expect(formatWeekday('2026-11-25')).toBe('Wednesday');
    expect(formatLongDate('2027-03-14')).toBe('Sunday, March 14, 2027');
  });

  it('names every day of two years as Intl does (the calendar reads its labels from the date, without a formatter)', () => {
    const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
    for (let day = '2026-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
      const instant = new Date(`${day}T00:00:00Z`);
      expect([formatMonthDay(day), formatWeekday(day)]).toEqual([monthDay.format(instant), weekdayName.format(instant)]);
    }
  });

  it('shows slots on a 12-hour clock', () => {
    expect(formatSlot('08:00-09:00')).toBe('8:00 AM - 9:00 AM');
    expect(formatSlot('12:00-13:00')).toBe('12:00 PM - 1:00 PM');
  });
});

describe('the date calendar', () => {
  it('puts each bookable date in its weekday column, days outside the window empty and Sundays in place', () => {
    // Thursday Nov 26 to Thursday Dec 10, 2026 (Sundays Nov 29 and Dec 6 not bookable).
    const dates = bookableDates('2026-11-26');
    const weeks = calendarWeeks(dates);
    expect(weeks.map((week) => week.length)).toEqual([7, 7, 7]);
    expect(weeks[0]).toEqual([null, null, null, null, '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(weeks[1]![0]).toBe('2026-11-29');
    expect(weeks[2]).toEqual(['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', null]);
    for (const week of weeks) week.forEach((day, column) => day && expect(weekday(day)).toBe(column));
  });

  it('starts on a Sunday column for a window that begins on Monday, and is empty without dates', () => {
    const weeks = calendarWeeks(bookableDates('2026-11-30'));
    expect(weeks[0]![0]).toBeNull();
    expect(weeks[0]![1]).toBe('2026-11-30');
    expect(calendarWeeks([])).toEqual([]);
  });

  it('names the arrival window of a slot', () => {
    expect(arrivalWindow('09:00-10:00')).toBe('between 9:00 AM and 10:00 AM');
    expect(arrivalWindow('16:00-17:00')).toBe('between 4:00 PM and 5:00 PM');
  });

  it('says why Next is disabled until both a date and a time are chosen', () => {
    expect(nextBlockedReason(null, null)).toBe('Choose a date and a time to continue.');
    expect(nextBlockedReason('2026-11-26', null)).toBe('Choose a time to continue.');
    expect(nextBlockedReason('2026-11-26', '09:00-10:00')).toBeNull();
  });
});

describe('the confirmation address', () => {
  it('carries the appointment id only; the token comes from the fragment or this tab', () => {
    expect(confirmationAddress(12)).toBe('/book-appointment?confirmed=12');
    expect(confirmedAppointmentId(new URLSearchParams('confirmed=12'))).toBe(12);
    for (const bad of ['confirmed=0', 'confirmed=1e3', 'confirmed=-4', 'other=1', 'confirmed=12345678901']) {
      expect(confirmedAppointmentId(new URLSearchParams(bad))).toBeNull();
    }
    expect(confirmationToken(12, '#access=a.b%2Bc')).toBe('a.b+c');
    expect(confirmationToken(13, '')).toBeNull();
    keepConfirmationToken(13, 'kept.token');
    expect(confirmationToken(13, '')).toBe('kept.token');
    expect(confirmationToken(14, '')).toBeNull();
  });
});

describe('contact details from the account', () => {
  const account: Customer = {
    id: 3, firstName: 'Dana', lastName: 'Whitfield', email: 'dana@example.com', phone: '904 555 0142', address: null, isAdmin: false, emailVerified: false, phoneVerified: false,
    serviceProCustomerId: null, createdAt: '2026-01-05T14:00:00.000Z', lastLogin: null,
  };
  const empty = { customerName: '', email: '', phone: '', address: '', city: '', state: 'FL', zipCode: '' };

  it('fills name (first and last), email, phone and address, and nothing else', () => {
    expect(prefillContact(empty, { ...account, address: '12 Cordova St' })).toEqual({
      ...empty, customerName: 'Dana Whitfield', email: 'dana@example.com', phone: '904 555 0142', address: '12 Cordova St',
    });
  });

  it('keeps what the visitor typed (blank counts as empty) and leaves a field empty when the account has nothing for it', () => {
    const typed = { ...empty, customerName: 'D. Whitfield', phone: '   ', city: 'St Augustine' };
    expect(prefillContact(typed, account)).toEqual({ ...typed, email: 'dana@example.com', phone: '904 555 0142', address: '' });
  });

  it("splits the account's one address line into street, city, state and ZIP", () => {
    expect(prefillContact(empty, { ...account, address: '48 Cordova St, St Augustine, FL 32084' })).toEqual({
      ...empty, customerName: 'Dana Whitfield', email: 'dana@example.com', phone: '904 555 0142',
      address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084',
    });
  });

  it('takes the account’s state only while the visitor has typed no part of the address', () => {
    const georgia = { ...account, address: '3 Oak Ave, Apt 2, Savannah, ga 31401' };
    expect(prefillContact(empty, georgia)).toMatchObject({ address: '3 Oak Ave, Apt 2', city: 'Savannah', state: 'GA', zipCode: '31401' });
    expect(prefillContact({ ...empty, address: '9 Bridge St' }, georgia)).toMatchObject({ address: '9 Bridge St', city: 'Savannah', state: 'FL', zipCode: '31401' });
  });
});

describe('addressParts', () => {
  it.each([
    ['48 Cordova St, St Augustine, FL 32084', { address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084' }],
    ['48 Cordova St, St Augustine FL 32084-1234', { address: '48 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084-1234' }],
    ['48 Cordova St, St Augustine, 32084', { address: '48 Cordova St', city: 'St Augustine', state: '', zipCode: '32084' }],
    ['48 Cordova St, St Augustine', { address: '48 Cordova St', city: 'St Augustine', state: '', zipCode: '' }],
    ['12 Cordova St', { address: '12 Cordova St', city: '', state: '', zipCode: '' }],
    ['  ', { address: '', city: '', state: '', zipCode: '' }],
  ])('reads %j', (line, parts) => {
    expect(addressParts(line)).toEqual(parts);
  });
});
