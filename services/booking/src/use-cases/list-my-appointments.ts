import type { Appointment } from '@repo/contracts';
import { findCustomerAppointments } from '../repositories/appointment-repository.ts';
import { toAppointment } from '../repositories/mappers.ts';
import type { BookingContext } from './context.ts';

/** A customer's own appointments: only the caller's id is ever passed in. */
export async function listMyAppointments(ctx: BookingContext, customerId: number): Promise<Appointment[]> {
  return (await findCustomerAppointments(ctx.db, customerId)).map(toAppointment);
}
