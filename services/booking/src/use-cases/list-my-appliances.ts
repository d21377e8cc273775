import type { Appliance } from '@repo/contracts';
import { applianceHistory } from '../domain/appliance-history.ts';
import { findCustomerAppointments } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';

/** The signed-in customer's appliances, made up from their own appointments (booked and imported). */
export async function listMyAppliances(ctx: BookingContext, customerId: number): Promise<Appliance[]> {
  return applianceHistory(await findCustomerAppointments(ctx.db, customerId));
}
