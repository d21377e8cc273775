export { appointmentCalendar, calendarFileName, type CalendarAppointment } from './appointment-calendar.ts';
export { vtimezone } from './vtimezone.ts';
