import { sql } from 'kysely';
import { customerDeletionCompletedTopic, type CustomerDeletionRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import type { PaymentsOutbox } from '../domain/outgoing.ts';

/**
 * `customer.deletion-requested`: payments keeps what tax and accounting law make the business keep (invoices, their
 * lines, payments, refunds and the estimates the customer signed, for 7 years: contracts' `deletionRetentionRule`),
 * with the customer's name on them, and removes the contact details: the email, phone and address of its copy of the
 * customer's appointments, and the receipt email given with a payment. It answers accounts with
 * `customer.deletion-completed`. Delivered twice, it finds nothing left to remove and reports the same.
 */
export async function eraseCustomer(trx: Trx, effects: Pick<PaymentsOutbox, 'enqueue'>, request: CustomerDeletionRequested): Promise<void> {
  const appointments = await trx
    .updateTable('appointments')
    .set({ customer_id: null, email: '', phone: '', address: '', city: '', zip_code: '' })
    .where(sql<boolean>`(customer_id = ${request.customerId} or lower(email) = ${request.email})`)
    .returning('id')
    .execute();
  // The receipt address cannot be changed through the table's type (a payment's details are final); erasure is the exception.
  const payments = await sql`update payments set payer_email = null where lower(payer_email) = ${request.email}`.execute(trx);
  await effects.enqueue(trx, customerDeletionCompletedTopic, {
    requestId: request.requestId,
    service: 'payments',
    summary:
      `Contact details removed from ${appointments.length} visit(s) and ${Number(payments.numAffectedRows ?? 0n)} payment(s). ` +
      'Kept for 7 years (tax and accounting): invoices with the customer\'s name, payments, refunds and signed estimates.',
    completedAt: new Date().toISOString(),
  });
}
