import { describe, expect, it } from 'vitest';
import type { Appointment } from '@repo/contracts';
import { formatLongDate, formatMonthDay, formatSlot, formatWeekday } from '../lib/dates.ts';
import { appointmentIcs } from '../lib/ics.ts';

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
