import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentCalendar, calendarFileName, type CalendarAppointment } from '../src/index.ts';

const appointment: CalendarAppointment = {
  id: 42,
  revision: 3,
  status: 'cancelled',
  date: '2026-11-02',
  start: '08:00',
  end: '10:00',
  serviceType: 'Repair',
  appliance: 'Refrigerator',
  brand: 'Sub-Zero',
  description: 'Not cooling',
  confirmationCode: 'SA-ABC123',
  address: '12 King St',
  city: 'St Augustine',
  state: 'FL',
  zipCode: '32084',
};

describe('appointment calendar file', () => {
  it('is one event with the appointment’s UID, its revision as SEQUENCE and its status, in the business zone', () => {
    const text = appointmentCalendar(appointment, new Date('2026-10-28T14:00:00Z'));
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.reset();
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('appointment-42@booking.staugustine-appliance-repair');
    expect(event.sequence).toBe(3);
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-02T13:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(event.description).toContain('Problem: Not cooling');
    expect(calendarFileName(appointment)).toBe('appointment-SA-ABC123.ics');
  });
});
