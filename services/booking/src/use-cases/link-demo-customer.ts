import type { DemoCustomerSeeded } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { assignGuestAppointments } from '../repositories/appointment-repository.ts';
import { assignGuestServiceRequests } from '../repositories/service-request-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * Applies accounts' `demo-customer.seeded` effect: the demo history seeded under the demo customer's email becomes
 * that account's. Only registered with SEED_DEMO=true, and only accounts may send it (the effects receiver checks its
 * signature), so no one can claim someone's bookings by naming their email. Runs in the receiver's transaction; an
 * appointment tracking already follows gets a new snapshot, since its owner decides who may follow it.
 */
export async function linkDemoCustomer(ctx: Pick<BookingContext, 'effects' | 'links' | 'now'>, trx: Trx, { customerId, email }: DemoCustomerSeeded): Promise<void> {
  await assignGuestServiceRequests(trx, email, customerId);
  for (const row of await assignGuestAppointments(trx, email, customerId)) await announceChange(ctx, trx, 'customer-linked', row, row, { actor: historyActors.system });
}
