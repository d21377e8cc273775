import type { PublicPayment } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { isFinalStatus } from '../domain/status.ts';
import { toPublicPayment } from '../repositories/mappers.ts';
import { findPayment } from '../repositories/payment-repository.ts';
import { applyStatusChange } from './apply-status-change.ts';
import type { PaymentsContext } from './context.ts';

/**
 * The payment for the public confirmation page. A Stripe payment no webhook has settled yet is checked with Stripe,
 * so the page is right even when the webhook is late. Only a final status is taken from that check: it never depends
 * on timing, while an in-between status read on our clock could outrank a later event stamped by Stripe's clock.
 * If Stripe cannot be asked, the stored status is shown.
 */
export async function getPayment(ctx: PaymentsContext, paymentIntentId: string, onRefreshError: (error: unknown) => void): Promise<PublicPayment> {
  const { provider } = ctx;
  const row = await findPayment(ctx.db, paymentIntentId);
  if (!row) throw notFound('We could not find that payment.');
  if (isFinalStatus(row.status) || row.provider !== provider.name || !provider.retrieveStatus) return toPublicPayment(row);
  let observed;
  try {
    observed = await provider.retrieveStatus(paymentIntentId);
  } catch (error) {
    onRefreshError(error);
    return toPublicPayment(row);
  }
  if (!isFinalStatus(observed.status)) return toPublicPayment(row);
  const now = ctx.now();
  const change = { paymentIntentId, provider: provider.name, status: observed.status, at: now, failureMessage: null, now };
  const { row: current } = await ctx.db.transaction().execute((trx) => applyStatusChange(ctx.effects, trx, change));
  return toPublicPayment(current ?? row);
}
