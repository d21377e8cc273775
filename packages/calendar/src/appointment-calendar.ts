import ical, { ICalEventStatus, type ICalDayJsStub } from 'ical-generator';
import { business, businessInstant } from '@repo/contracts';
import { vtimezone } from './vtimezone.ts';

/**
 * What a calendar file says about an appointment. Booking's download builds it from its row, notifications from
 * `appointment.changed`, so the file a customer downloads and the one attached to an email are the same event.
 */
export type CalendarAppointment = {
  id: number;
  /** Grows with each change of time or status: the event's SEQUENCE. */
  revision: number;
  status: string;
  /** The business date ('YYYY-MM-DD') and wall-clock start and end ('HH:MM'). */
  date: string;
  start: string;
  end: string;
  serviceType: string;
  appliance: string;
  brand: string;
  description: string | null;
  confirmationCode: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
};

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

/** The file name a calendar file is saved under. */
export const calendarFileName = (appointment: Pick<CalendarAppointment, 'confirmationCode'>) => `appointment-${appointment.confirmationCode}.ics`;

/**
 * The appointment as an iCalendar file in the business time zone, with its VTIMEZONE. The UID is the appointment's
 * own, and SEQUENCE its revision, so a calendar app replaces the event after a reschedule or cancellation.
 */
export function appointmentCalendar(appointment: CalendarAppointment, now: Date): string {
  const year = Number(appointment.date.slice(0, 4));
  const calendar = ical({
    prodId: { company: business.name, product: 'Booking', language: 'EN' },
    name: business.name,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP in local time instead of UTC.
    timezone: { name: null, generator: (zone) => vtimezone(zone, year, year) },
  });
  const { brand, appliance, serviceType } = appointment;
  calendar.createEvent({
    id: `appointment-${appointment.id}@booking.staugustine-appliance-repair`,
    sequence: appointment.revision,
    stamp: now,
    start: new BusinessWallTime(appointment.date, appointment.start),
    end: new BusinessWallTime(appointment.date, appointment.end),
    timezone: business.timeZone,
    summary: `${brand} ${appliance} ${serviceType.toLowerCase()} – ${business.name}`,
    description: [
      `${serviceType}: ${brand} ${appliance}`,
      appointment.description ? `Problem: ${appointment.description}` : undefined,
      `Confirmation code: ${appointment.confirmationCode}`,
      `Questions or changes: call ${business.phoneDisplay}`,
    ].filter(Boolean).join('\n'),
    location: `${appointment.address}, ${appointment.city}, ${appointment.state} ${appointment.zipCode}`,
    status: statuses[appointment.status] ?? ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
