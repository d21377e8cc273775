import type { PaymentProviderName, PaymentStatus } from '@repo/contracts';
import type { PaymentRow, Trx } from '../db/schema.ts';
import { supersedes } from '../domain/status.ts';
import { findPaymentForUpdate, updatePayment } from '../repositories/payment-repository.ts';

export type StatusChange = {
  paymentIntentId: string;
  /** Only records of this provider are touched. */
  provider: PaymentProviderName;
  status: PaymentStatus;
  /** When the status became true at the provider. */
  at: Date;
  failureMessage: string | null;
  now: Date;
};

/**
 * The step every status change shares, run inside the caller's transaction: applies the status unless a later or final
 * one is already there (see `supersedes`). The row lock orders concurrent changes to one payment.
 */
export async function applyStatusChange(trx: Trx, change: StatusChange): Promise<{ outcome: 'applied' | 'stale' | 'unknown'; row?: PaymentRow }> {
  const row = await findPaymentForUpdate(trx, change.paymentIntentId);
  if (!row || row.provider !== change.provider) return { outcome: 'unknown' };
  if (!supersedes({ status: change.status, at: change.at }, { status: row.status, at: row.status_changed_at })) return { outcome: 'stale', row };
  const updated = await updatePayment(trx, row.id, {
    status: change.status,
    status_changed_at: change.at,
    failure_message: change.status === 'failed' ? change.failureMessage : null,
    updated_at: change.now,
  });
  return { outcome: 'applied', row: updated };
}
