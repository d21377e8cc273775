import { appointmentPageMessages, type AppointmentDetails } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { appointmentDetails } from '../domain/appointment-details.ts';
import { findAppointment } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';
import type { AppointmentAccess } from './resolve-appointment-access.ts';

/** The appointment page: the appointment, its times in Eastern time, whether it can still be changed online, its links. */
export async function getAppointmentDetails(ctx: BookingContext, access: AppointmentAccess): Promise<AppointmentDetails> {
  const row = await findAppointment(ctx.db, access.appointmentId);
  if (!row) throw notFound(appointmentPageMessages.notFound);
  return appointmentDetails(row, ctx.now(), ctx.changeCutoffHours, ctx.links);
}
