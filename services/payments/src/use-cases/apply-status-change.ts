import { paymentSucceededTopic, type PaymentProviderName, type PaymentStatus } from '@repo/contracts';
import type { PaymentRow, Trx } from '../db/schema.ts';
import type { PaymentsOutbox } from '../domain/outgoing.ts';
import type { PaymentCard } from '../domain/provider.ts';
import { supersedes } from '../domain/status.ts';
import { findPaymentForUpdate, updatePayment } from '../repositories/payment-repository.ts';
import { settleInvoicePayment } from './settle-invoice-payment.ts';

export type StatusChange = {
  paymentIntentId: string;
  /** Only records of this provider are touched. */
  provider: PaymentProviderName;
  status: PaymentStatus;
  /** When the status became true at the provider. */
  at: Date;
  failureMessage: string | null;
  /** The card that paid, when the provider told us (the demo provider's test card); the receipt names it. */
  card?: PaymentCard | null;
  now: Date;
};

/**
 * The step every status change shares, run inside the caller's transaction: applies the status unless a later or final
 * one is already there (see `supersedes`). The row lock orders concurrent changes to one payment. A payment that
 * becomes succeeded (final: it happens once per payment, by whichever path learns it first) is told to notifications
 * in this transaction, for the payer's receipt and the office's alert, and counted toward its invoice if it has one.
 */
export async function applyStatusChange(outbox: PaymentsOutbox, trx: Trx, change: StatusChange): Promise<{ outcome: 'applied' | 'stale' | 'unknown'; row?: PaymentRow }> {
  const row = await findPaymentForUpdate(trx, change.paymentIntentId);
  if (!row || row.provider !== change.provider) return { outcome: 'unknown' };
  if (!supersedes({ status: change.status, at: change.at }, { status: row.status, at: row.status_changed_at })) return { outcome: 'stale', row };
  const updated = await updatePayment(trx, row.id, {
    status: change.status,
    status_changed_at: change.at,
    failure_message: change.status === 'failed' ? change.failureMessage : null,
    updated_at: change.now,
  });
  if (updated.status === 'succeeded') {
    await outbox.enqueue(trx, paymentSucceededTopic, {
      paymentId: updated.payment_intent_id,
      amountCents: updated.amount_cents,
      currency: updated.currency,
      description: updated.description,
      reference: updated.reference,
      cardBrand: change.card?.brand ?? null,
      cardLast4: change.card?.last4 ?? null,
      payerEmail: updated.payer_email,
      succeededAt: change.at.toISOString(),
    });
    await settleInvoicePayment(outbox, trx, updated, change.now);
  }
  return { outcome: 'applied', row: updated };
}
