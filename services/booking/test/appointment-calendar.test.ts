import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { business } from '@repo/contracts';
import { bookSlot, bookingForTests, testClock } from './helpers.ts';

// Wednesday 28 October 2026, 10:00 EDT: Saturday 31 October is in daylight time, Monday 2 November in standard time.
const clock = testClock('2026-10-28T14:00:00Z');
const booking = bookingForTests(clock.now);

/** The file read by an independent parser (ical.js), with its own VTIMEZONE registered so times resolve through it. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (!zone) throw new Error('no VTIMEZONE in the file');
  ICAL.TimezoneService.reset();
  ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the file');
  const event = new ICAL.Event(vevent);
  return { calendar, event, zone };
}

async function download(id: number, token: string) {
  const response = await booking.page.calendar(id, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('Add to calendar (.ics)', () => {
  it('answers an iCalendar attachment in the business time zone, on either side of the autumn DST change', async () => {
    const saturday = await bookSlot(booking.service, '2026-10-31', '08:00-09:00');
    const monday = await bookSlot(booking.service, '2026-11-02', '08:00-09:00');
    for (const [booked, start, end] of [[saturday, '2026-10-31T12:00:00.000Z', '2026-10-31T13:00:00.000Z'], [monday, '2026-11-02T13:00:00.000Z', '2026-11-02T14:00:00.000Z']] as const) {
      const response = await download(booked.id, booked.manageToken);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="appointment-${booked.body.appointment.confirmationCode}.ics"`);
      const { event, zone } = parse(response.body);
      expect(zone.getFirstPropertyValue('tzid')).toBe('America/New_York');
      expect(event.startDate.zone?.tzid).toBe('America/New_York');
      expect(event.startDate.toString()).toBe(`${booked.body.appointment.appointmentDate}T08:00:00`);
      expect(event.startDate.toJSDate().toISOString()).toBe(start);
      expect(event.endDate.toJSDate().toISOString()).toBe(end);
      expect(event.summary).toBe(`Sub-Zero Refrigerator repair – ${business.name}`);
      expect(event.location).toBe('12 King St, St Augustine, FL 32084');
      expect(event.description).toContain(`Confirmation code: ${booked.body.appointment.confirmationCode}`);
      expect(event.description).toContain(business.phoneDisplay);
    }
  });

  it('resolves the spring DST change too', async () => {
    clock.set('2027-03-10T15:00:00Z'); // Wednesday 10 March 2027, 10:00 EST; the switch is on Sunday 14 March
    try {
      const before = await bookSlot(booking.service, '2027-03-13', '16:00-17:00');
      const after = await bookSlot(booking.service, '2027-03-15', '16:00-17:00');
      expect(parse((await download(before.id, before.manageToken)).body).event.startDate.toJSDate().toISOString()).toBe('2027-03-13T21:00:00.000Z');
      expect(parse((await download(after.id, after.manageToken)).body).event.startDate.toJSDate().toISOString()).toBe('2027-03-15T20:00:00.000Z');
    } finally {
      clock.set('2026-10-28T14:00:00Z');
    }
  });

  it('writes the same Eastern times whatever the server\'s own time zone', async () => {
    const booked = await bookSlot(booking.service, '2026-11-03', '15:00-16:00');
    const eastern = (await download(booked.id, booked.manageToken)).body;
    const previous = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(new Date('2026-11-03T12:00:00Z').getHours()).toBe(21); // the zone really changed
      const tokyo = (await download(booked.id, booked.manageToken)).body;
      expect(tokyo.match(/^DTSTART;TZID=.*$/m)?.[0]).toBe('DTSTART;TZID=America/New_York:20261103T150000');
      expect(tokyo.match(/^DTSTART;TZID=.*$/m)?.[0]).toBe(eastern.match(/^DTSTART;TZID=.*$/m)?.[0]);
      expect(tokyo.match(/^DTSTAMP:\d{8}T\d{6}Z$/m)).not.toBeNull();
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('keeps the UID of the appointment and raises SEQUENCE when it moves or is cancelled', async () => {
    const booked = await bookSlot(booking.service, '2026-11-04', '10:00-11:00');
    const first = parse((await download(booked.id, booked.manageToken)).body).event;
    const again = parse((await download(booked.id, booked.manageToken)).body).event;
    expect(again.uid).toBe(first.uid);
    expect(first.sequence).toBe(0);
    expect((await booking.page.reschedule(booked.id, { appointmentDate: '2026-11-05', timeSlot: '11:00-12:00' }, { token: booked.manageToken })).statusCode).toBe(200);
    const moved = parse((await download(booked.id, booked.manageToken)).body).event;
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBe(1);
    expect(moved.startDate.toJSDate().toISOString()).toBe('2026-11-05T16:00:00.000Z');
    expect((await booking.page.cancel(booked.id, { token: booked.manageToken })).statusCode).toBe(200);
    const cancelled = parse((await download(booked.id, booked.manageToken)).body);
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('folds long lines at 75 octets without splitting a character, and the parser reads them back whole', async () => {
    const description = `Ice maker leaks — water under the door, drips behind the panel; “Café” model ${'é'.repeat(150)} ✓`;
    const booked = await bookSlot(booking.service, '2026-11-06', '09:00-10:00', {}, { description });
    const text = (await download(booked.id, booked.manageToken)).body;
    const lines = text.split('\r\n');
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.includes('\uFFFD')).toBe(false);
    expect(parse(text).event.description).toContain(`Problem: ${description}`);
  });
});
