import type { ServiceRequest } from '@repo/contracts';
import { toServiceRequest } from '../repositories/mappers.ts';
import { findCustomerServiceRequests } from '../repositories/service-request-repository.ts';
import type { BookingContext } from './context.ts';

/** A customer's own service requests: only the caller's id is ever passed in. */
export async function listMyServiceRequests(ctx: BookingContext, customerId: number): Promise<ServiceRequest[]> {
  return (await findCustomerServiceRequests(ctx.db, customerId)).map(toServiceRequest);
}
