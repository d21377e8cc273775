import { appointmentPageMessages } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { appointmentCalendar, calendarFileName } from '../domain/appointment-calendar.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';
import type { AppointmentAccess } from './resolve-appointment-access.ts';

/** The appointment as an iCalendar file (Add to calendar), and the name to save it under. */
export async function exportAppointmentCalendar(ctx: BookingContext, access: AppointmentAccess): Promise<{ fileName: string; body: string }> {
  const row = await findAppointment(ctx.db, access.appointmentId);
  if (!row) throw notFound(appointmentPageMessages.notFound);
  return { fileName: calendarFileName(row), body: appointmentCalendar(row, ctx.now()) };
}
