import { findInvoiceForUpdate, updateInvoice } from '../repositories/invoice-repository.ts';
import { findPaymentForUpdate, updatePayment } from '../repositories/payment-repository.ts';
import { insertRefund, reservedRefundCents } from '../repositories/refund-repository.ts';
import type { Trx } from '../db/schema.ts';

/** Who the ledger names for a refund made outside this service, in Stripe's dashboard or API. */
export const providerRefundAuthor = 'stripe';

/**
 * Stripe's `charge.refunded` says how much of a charge is refunded so far (`amount_refunded`), counting refunds made
 * here and those made in Stripe's dashboard. Whatever it says beyond the refunds this service has made or has on
 * their way (succeeded or pending, as it reserves them against a second refund) was refunded there: it is recorded
 * as one succeeded refund by `stripe`, on the payment and on its invoice, as a refund from the back office is. The
 * payment's row lock orders this against a refund being made here. A figure no larger than ours (an event about our
 * own refund, or one arriving after a later one) changes nothing. A refund made here that later fails while a
 * dashboard refund was counted as ours is picked up by the next `charge.refunded`, which Stripe sends for every refund.
 */
export async function recordProviderRefunds(
  trx: Trx,
  { paymentIntentId, refundedCents, now }: { paymentIntentId: string; refundedCents: number; now: Date },
): Promise<'applied' | 'stale' | 'unknown'> {
  const payment = await findPaymentForUpdate(trx, paymentIntentId);
  if (!payment) return 'unknown';
  const elsewhere = Math.min(refundedCents, payment.amount_cents) - (await reservedRefundCents(trx, payment.id));
  if (elsewhere <= 0) return 'stale';
  await insertRefund(trx, {
    payment_id: payment.id,
    invoice_id: payment.invoice_id,
    amount_cents: elsewhere,
    status: 'succeeded',
    reason: 'Refunded in Stripe',
    created_by: providerRefundAuthor,
    created_at: now,
    updated_at: now,
  });
  await updatePayment(trx, payment.id, { refunded_cents: payment.refunded_cents + elsewhere, updated_at: now });
  if (payment.invoice_id !== null) {
    const invoice = await findInvoiceForUpdate(trx, payment.invoice_id);
    if (invoice) await updateInvoice(trx, invoice.id, { amount_refunded_cents: invoice.amount_refunded_cents + elsewhere, updated_at: now });
  }
  return 'applied';
}
