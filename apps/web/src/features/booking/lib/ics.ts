import { business, type Appointment } from '@repo/contracts';

/** US Eastern time rules since 2007, so calendars place the appointment at the business's wall-clock time. */
const easternTimeZone = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const localStamp = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** An iCalendar file for the appointment, in America/New_York. */
export function appointmentIcs(appointment: Appointment, now: Date = new Date()): string {
  const [start, end] = appointment.timeSlot.split('-') as [string, string];
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//St Augustine Appliance Repair//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...easternTimeZone,
    'BEGIN:VEVENT',
    `UID:${appointment.confirmationCode}@appointments`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=America/New_York:${localStamp(appointment.appointmentDate, start)}`,
    `DTEND;TZID=America/New_York:${localStamp(appointment.appointmentDate, end)}`,
    `SUMMARY:${escapeText(`${appointment.appliance} ${appointment.serviceType.toLowerCase()} – ${business.name}`)}`,
    `LOCATION:${escapeText(`${appointment.address}, ${appointment.city}, ${appointment.state} ${appointment.zipCode}`)}`,
    `DESCRIPTION:${escapeText(`Confirmation ${appointment.confirmationCode}. ${appointment.brand} ${appointment.appliance}. Questions? Call ${business.phoneDisplay}.`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
