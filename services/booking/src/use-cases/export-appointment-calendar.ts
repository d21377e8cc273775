import { appointmentCalendar, calendarFileName, type CalendarAppointment } from '@repo/calendar';
import { appointmentPageMessages } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { AppointmentRow } from '../db/schema.ts';
import { slotTimes } from '../domain/slot-time.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';
import type { AppointmentAccess } from './resolve-appointment-access.ts';

/** What the calendar file says about the appointment (the same builder makes the one notifications attach). */
const calendarAppointment = (row: AppointmentRow): CalendarAppointment => ({
  id: row.id,
  revision: row.revision,
  status: row.status,
  date: row.appointment_date,
  ...slotTimes(row.time_slot),
  serviceType: row.service_type,
  appliance: row.appliance,
  brand: row.brand,
  description: row.description,
  confirmationCode: row.confirmation_code,
  address: row.address,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
});

/** The appointment as an iCalendar file (Add to calendar), and the name to save it under. */
export async function exportAppointmentCalendar(ctx: BookingContext, access: AppointmentAccess): Promise<{ fileName: string; body: string }> {
  const row = await findAppointment(ctx.db, access.appointmentId);
  if (!row) throw notFound(appointmentPageMessages.notFound);
  const appointment = calendarAppointment(row);
  return { fileName: calendarFileName(appointment), body: appointmentCalendar(appointment, ctx.now()) };
}
