import type { Appointment } from '@repo/contracts';
import { findAppointments, type AppointmentFilters } from '../repositories/appointment-repository.ts';
import { toAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** The staff list of appointments, filtered by date and status. */
export async function listAppointments(ctx: BookingContext, filters: AppointmentFilters): Promise<Appointment[]> {
  return (await findAppointments(ctx.db, filters)).map(toAppointment);
}
