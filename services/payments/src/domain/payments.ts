import type { PublicPayment } from '@repo/contracts';
import type { PaymentRow } from '../db/schema.ts';

export function toPublicPayment(row: PaymentRow): PublicPayment {
  return {
    paymentIntentId: row.payment_intent_id,
    status: row.status,
    amount: row.amount_cents / 100,
    description: row.description,
    createdAt: row.created_at.toISOString(),
  };
}
