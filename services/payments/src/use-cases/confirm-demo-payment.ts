import { demoUnknownCardMessage, type DemoConfirmRequest, type DemoConfirmResponse } from '@repo/contracts';
import { badRequest, conflict, notFound } from '@repo/service-kit';
import { demoCardOutcome, type DemoProvider } from '../domain/provider.ts';
import { isFinalStatus } from '../domain/status.ts';
import { toPublicPayment } from '../repositories/mappers.ts';
import { applyStatusChange } from './apply-status-change.ts';
import type { PaymentsContext } from './context.ts';

/**
 * The demo provider's stand-in for Stripe.js's confirmPayment. A decline is an answer (the payment shows failed and can
 * be tried again), as with Stripe; a paid or canceled payment cannot be paid again.
 */
export async function confirmDemoPayment(ctx: PaymentsContext<DemoProvider>, { paymentIntentId, clientSecret, cardNumber }: DemoConfirmRequest): Promise<DemoConfirmResponse> {
  const missing = notFound('We could not find that payment. Please start again from the payment page.');
  if (!ctx.provider.ownsClientSecret(paymentIntentId, clientSecret)) throw missing;
  const outcome = demoCardOutcome(cardNumber);
  if (!outcome) throw badRequest(demoUnknownCardMessage, { cardNumber: demoUnknownCardMessage });

  const at = ctx.now();
  const result = await ctx.db.transaction().execute((trx) => applyStatusChange(ctx.effects, trx, { paymentIntentId, provider: 'demo', ...outcome, at, now: at }));
  if (result.outcome === 'stale' && result.row && isFinalStatus(result.row.status)) {
    throw conflict(result.row.status === 'succeeded' ? 'This payment has already been made.' : 'This payment was canceled. Please start a new payment.');
  }
  if (!result.row) throw missing;
  return { payment: toPublicPayment(result.row), failureMessage: outcome.failureMessage };
}
