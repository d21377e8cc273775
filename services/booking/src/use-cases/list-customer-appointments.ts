import type { CustomerAppointments } from '@repo/contracts';
import { applianceHistory } from '../domain/appliance-history.ts';
import { findCustomerAppointments } from '../repositories/appointment-repository.ts';
import { toServiceRequest, toStaffAppointment } from '../repositories/mappers.ts';
import { findCustomerServiceRequests } from '../repositories/service-request-repository.ts';
import type { BookingContext } from './context.ts';

/** Booking's part of a customer's record for the office: their appointments, appliances and service requests. */
export async function listCustomerAppointments(ctx: BookingContext, customerId: number): Promise<CustomerAppointments> {
  const [rows, requests] = await Promise.all([findCustomerAppointments(ctx.db, customerId), findCustomerServiceRequests(ctx.db, customerId)]);
  return { appointments: rows.map(toStaffAppointment), appliances: applianceHistory(rows), serviceRequests: requests.map(toServiceRequest) };
}
