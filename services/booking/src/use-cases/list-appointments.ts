import type { StaffAppointment } from '@repo/contracts';
import { findAppointmentPage, type AppointmentFilters } from '../repositories/appointment-repository.ts';
import { toStaffAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** One page of the staff list of appointments, filtered by date and status, and how many match in all. */
export async function listAppointments(ctx: BookingContext, filters: AppointmentFilters): Promise<{ items: StaffAppointment[]; total: number }> {
  const { rows, total } = await findAppointmentPage(ctx.db, filters);
  return { items: rows.map(toStaffAppointment), total };
}
