import ical, { ICalEventStatus, type ICalDayJsStub } from 'ical-generator';
import { business, businessInstant } from '@repo/contracts';
import type { AppointmentRow } from '../db/schema.ts';
import { slotTimes } from './slot-time.ts';
import { vtimezone } from './vtimezone.ts';

/**
 * A business wall-clock time handed to ical-generator. With a TZID it writes a native Date's *local* fields, which
 * depend on the server's own zone; this value gives it the Eastern date and time themselves (through the small
 * date-object interface the library accepts), and the real instant for its ordering checks.
 */
class BusinessWallTime implements ICalDayJsStub {
  constructor(private readonly date: string, private readonly time: string) {}

  format(pattern = 'YYYY-MM-DDTHH:mm:ss'): string {
    const [year, month, day] = this.date.split('-') as [string, string, string];
    const [hour, minute] = this.time.split(':') as [string, string];
    const fields: Record<string, string> = { YYYY: year, MM: month, DD: day, HH: hour, mm: minute, ss: '00' };
    return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => fields[token] ?? token);
  }

  isValid(): boolean {
    return true;
  }

  toDate(): Date {
    return businessInstant(this.date, this.time);
  }

  toJSON(): string {
    return this.toDate().toISOString();
  }
}

const statuses: Record<string, ICalEventStatus> = {
  scheduled: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/** The file name a calendar download is saved under. */
export const calendarFileName = (row: Pick<AppointmentRow, 'confirmation_code'>) => `appointment-${row.confirmation_code}.ics`;

/**
 * The appointment as an iCalendar file in the business time zone, with its VTIMEZONE. The UID is the appointment's
 * own, and SEQUENCE its revision, so a calendar app replaces the event after a reschedule or cancellation.
 */
export function appointmentCalendar(row: AppointmentRow, now: Date): string {
  const { start, end } = slotTimes(row.time_slot);
  const year = Number(row.appointment_date.slice(0, 4));
  const calendar = ical({
    prodId: { company: business.name, product: 'Booking', language: 'EN' },
    name: business.name,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP in local time instead of UTC.
    timezone: { name: null, generator: (zone) => vtimezone(zone, year, year) },
  });
  const what = `${row.brand} ${row.appliance} ${row.service_type.toLowerCase()}`;
  calendar.createEvent({
    id: `appointment-${row.id}@booking.staugustine-appliance-repair`,
    sequence: row.revision,
    stamp: now,
    start: new BusinessWallTime(row.appointment_date, start),
    end: new BusinessWallTime(row.appointment_date, end),
    timezone: business.timeZone,
    summary: `${what} – ${business.name}`,
    description: [
      `${row.service_type}: ${row.brand} ${row.appliance}`,
      row.description ? `Problem: ${row.description}` : undefined,
      `Confirmation code: ${row.confirmation_code}`,
      `Questions or changes: call ${business.phoneDisplay}`,
    ].filter(Boolean).join('\n'),
    location: `${row.address}, ${row.city}, ${row.state} ${row.zip_code}`,
    status: statuses[row.status] ?? ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
