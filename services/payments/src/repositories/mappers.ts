import type { PaymentListItem, PublicPayment } from '@repo/contracts';
import type { PaymentRow } from '../db/schema.ts';

/** Rows become contract types here and nowhere else. */
export function toPublicPayment(row: PaymentRow): PublicPayment {
  return {
    paymentIntentId: row.payment_intent_id,
    status: row.status,
    amount: row.amount_cents / 100,
    currency: row.currency,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    reference: row.reference,
    receiptEmailed: row.status === 'succeeded' && row.payer_email !== null,
  };
}

export function toPaymentListItem(row: PaymentRow): PaymentListItem {
  return {
    ...toPublicPayment(row),
    id: row.id,
    provider: row.provider,
    failureMessage: row.failure_message,
    payerEmail: row.payer_email,
    reference: row.reference,
    updatedAt: row.updated_at.toISOString(),
  };
}
