import type { CustomerEmailProven } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { announceChange, historyActors } from '../domain/dispatch.ts';
import { assignGuestAppointments } from '../repositories/appointment-repository.ts';
import { assignGuestServiceRequests } from '../repositories/service-request-repository.ts';
import type { BookingContext } from './context.ts';

/**
 * Gives the account the appointments and service requests booked under its email without an account. Applies
 * accounts' `account.email-proven` effect (a session began on a proven email) and, with demo data, its
 * `demo-customer.seeded` one (the demo history seeded under the demo customer's email). Only accounts may send either
 * (the effects receiver checks the signature), and it sends them only for a proven email, so no one can claim
 * someone's bookings by typing their email. Runs in the receiver's transaction; rows already owned are left alone; an
 * appointment tracking already follows gets a new snapshot, since its owner decides who may follow it.
 */
export async function linkGuestBookings(ctx: Pick<BookingContext, 'effects' | 'links' | 'now'>, trx: Trx, { customerId, email }: CustomerEmailProven): Promise<void> {
  await assignGuestServiceRequests(trx, email, customerId);
  for (const row of await assignGuestAppointments(trx, email, customerId)) await announceChange(ctx, trx, 'customer-linked', row, row, { actor: historyActors.system });
}
