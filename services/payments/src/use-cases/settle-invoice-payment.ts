import type { PaymentRow, Trx } from '../db/schema.ts';
import { issueRefundJob, type PaymentsOutbox } from '../domain/outgoing.ts';
import { balanceCents, statusAfterPayment } from '../domain/invoice-state.ts';
import { findInvoiceForUpdate, updateInvoice } from '../repositories/invoice-repository.ts';
import { updatePayment } from '../repositories/payment-repository.ts';
import { insertRefund } from '../repositories/refund-repository.ts';

export const overpaymentReason = 'overpayment';

/**
 * Counts a payment that just succeeded toward its invoice, in the transaction that recorded it (once per payment:
 * succeeded is final). The invoice's row lock makes two payments racing for the last balance take turns: the second
 * finds less (or nothing) left, and whatever of it the balance cannot take is refunded through the provider by the
 * `issue-refund` job, scheduled in this same transaction. A payment on a void invoice is refunded whole.
 */
export async function settleInvoicePayment(outbox: PaymentsOutbox, trx: Trx, payment: PaymentRow, now: Date): Promise<void> {
  if (payment.invoice_id === null) return;
  const invoice = await findInvoiceForUpdate(trx, payment.invoice_id);
  if (!invoice) return;
  const room = invoice.status === 'sent' || invoice.status === 'partially_paid' ? balanceCents(invoice) : 0;
  const applied = Math.min(payment.amount_cents, room);
  const excess = payment.amount_cents - applied;
  await updatePayment(trx, payment.id, { applied_cents: applied, updated_at: now });
  if (applied > 0) {
    const amountPaid = invoice.amount_paid_cents + applied;
    await updateInvoice(trx, invoice.id, { amount_paid_cents: amountPaid, status: statusAfterPayment({ ...invoice, amount_paid_cents: amountPaid }), updated_at: now });
  }
  if (excess > 0) {
    // Not the invoice's refund (invoice_id null): the excess was never counted toward it, so it does not show as refunded.
    const refund = await insertRefund(trx, { payment_id: payment.id, invoice_id: null, amount_cents: excess, reason: overpaymentReason, created_by: 'system', created_at: now, updated_at: now });
    await outbox.send(trx, issueRefundJob, { refundId: refund.id });
  }
}
