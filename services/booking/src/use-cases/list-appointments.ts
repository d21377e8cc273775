import type { StaffAppointment } from '@repo/contracts';
import { findAppointments, type AppointmentFilters } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** The staff list of appointments, filtered by date and status. */
export async function listAppointments(ctx: BookingContext, filters: AppointmentFilters): Promise<StaffAppointment[]> {
  return (await findAppointments(ctx.db, filters)).map(toStaffAppointment);
}
