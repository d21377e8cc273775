import type { RefundRow } from '../db/schema.ts';
import { findInvoiceForUpdate, updateInvoice } from '../repositories/invoice-repository.ts';
import { findPaymentByIdForUpdate, updatePayment } from '../repositories/payment-repository.ts';
import { findRefund, findRefundForUpdate, updateRefund } from '../repositories/refund-repository.ts';
import type { PaymentsContext } from './context.ts';

/**
 * Gives a recorded (pending) refund through the provider and records the answer. Safe to run more than once, at once
 * or after a crash: the provider's idempotency key (`refund:<id>`) makes every attempt the same refund, and only the
 * first answer recorded counts (the refund's row lock, then the payment's and the invoice's, in that order). A
 * provider that cannot be reached throws, and the job that runs this retries.
 */
export async function issueRefund(ctx: PaymentsContext, refundId: number): Promise<RefundRow | undefined> {
  const refund = await findRefund(ctx.db, refundId);
  if (!refund || refund.status !== 'pending') return refund;
  const payment = await ctx.db.selectFrom('payments').select(['payment_intent_id', 'invoice_id']).where('id', '=', refund.payment_id).executeTakeFirstOrThrow();
  const result = await ctx.provider.refund({
    paymentIntentId: payment.payment_intent_id,
    amountCents: refund.amount_cents,
    idempotencyKey: `refund:${refund.id}`,
    metadata: { refund_id: String(refund.id), ...(payment.invoice_id === null ? {} : { invoice_id: String(payment.invoice_id) }) },
  });
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findRefundForUpdate(trx, refundId);
    if (!current || current.status !== 'pending') return current;
    const now = ctx.now();
    if (result.status === 'failed') return updateRefund(trx, refundId, { status: 'failed', failure_message: result.failureMessage, updated_at: now });
    const locked = await findPaymentByIdForUpdate(trx, current.payment_id);
    if (locked) await updatePayment(trx, locked.id, { refunded_cents: locked.refunded_cents + current.amount_cents, updated_at: now });
    if (current.invoice_id !== null) {
      const invoice = await findInvoiceForUpdate(trx, current.invoice_id);
      if (invoice) await updateInvoice(trx, invoice.id, { amount_refunded_cents: invoice.amount_refunded_cents + current.amount_cents, updated_at: now });
    }
    return updateRefund(trx, refundId, { status: 'succeeded', provider_refund_id: result.id || null, updated_at: now });
  });
}
