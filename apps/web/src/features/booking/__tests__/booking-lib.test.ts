import { describe, expect, it } from 'vitest';
import type { Appointment, Customer } from '@repo/contracts';
import { formatLongDate, formatMonthDay, formatSlot, formatWeekday } from '../lib/dates.ts';
import { appointmentIcs } from '../lib/ics.ts';
import { prefillContact } from '../lib/prefill-contact.ts';

describe('date labels', () => {
  it('formats calendar dates without shifting them into the browser zone', () => {
    expect(formatMonthDay('2026-11-25')).toBe('Nov 25');
    expect(formatWeekday('2026-11-25')).toBe('Wednesday');
    expect(formatLongDate('2027-03-14')).toBe('Sunday, March 14, 2027');
  });

  it('shows slots on a 12-hour clock', () => {
    expect(formatSlot('08:00-09:00')).toBe('8:00 AM - 9:00 AM');
    expect(formatSlot('12:00-13:00')).toBe('12:00 PM - 1:00 PM');
  });
});

describe('calendar file', () => {
  const appointment = {
    id: 7, customerId: null, serviceRequestId: null, customerName: 'Robin', email: 'r@example.com', phone: '1', address: '9 Bridge St, Apt 2',
    city: 'St Augustine', state: 'FL', zipCode: '32084', appointmentDate: '2027-03-15', timeSlot: '09:00-10:00', serviceType: 'Repair',
    appliance: 'Refrigerator', brand: 'Sub-Zero', description: null, status: 'scheduled', technicianId: null, technicianNotes: null,
    totalCost: null, confirmationCode: 'SA-ABC234', createdAt: '2026-11-22T00:00:00Z',
  } satisfies Appointment;

  it('places the appointment at the business wall-clock time in America/New_York', () => {
    const ics = appointmentIcs(appointment, new Date('2026-11-22T12:00:00Z'));
    expect(ics).toContain('DTSTART;TZID=America/New_York:20270315T090000\r\n');
    expect(ics).toContain('DTEND;TZID=America/New_York:20270315T100000\r\n');
    expect(ics).toContain('TZID:America/New_York');
    expect(ics).toContain('UID:SA-ABC234@appointments');
    expect(ics).toContain('DTSTAMP:20261122T120000Z');
    expect(ics).toContain('LOCATION:9 Bridge St\\, Apt 2\\, St Augustine\\, FL 32084');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('contact details from the account', () => {
  const account: Customer = {
    id: 3, firstName: 'Dana', lastName: 'Whitfield', email: 'dana@example.com', phone: '904 555 0142', address: null, isAdmin: false,
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
});
