import type { Kysely } from 'kysely';
import { apiErrorSchema, demoConfirmRequestSchema, demoConfirmResponseSchema, demoUnknownCardMessage } from '@repo/contracts';
import { badRequest, conflict, notFound, type ServiceApp } from '@repo/service-kit';
import type { PaymentsDatabase } from '../db/schema.ts';
import { applyStatusChange, toPublicPayment } from '../domain/payments.ts';
import { demoCardOutcome, type DemoProvider } from '../domain/provider.ts';
import { isFinalStatus } from '../domain/status.ts';
import type { PaymentsEnv } from '../env.ts';

export type DemoRoutesOptions = { db: Kysely<PaymentsDatabase>; env: PaymentsEnv; provider: DemoProvider; now: () => Date };

/**
 * The demo provider's stand-in for Stripe.js's confirmPayment. Registered only without Stripe keys, so with Stripe
 * configured this path is a 404. A decline is an answer (the payment shows failed and can be tried again), as with Stripe.
 */
export async function demoRoutes(app: ServiceApp, { db, env, provider, now }: DemoRoutesOptions) {
  app.post('/api/payments/demo/confirm', {
    config: { rateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    schema: {
      tags: ['payments'],
      summary: 'Demo mode only: pay a demo intent with a test card (no card is charged)',
      body: demoConfirmRequestSchema,
      response: { 200: demoConfirmResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request) => {
    const { paymentIntentId, clientSecret, cardNumber } = request.body;
    const missing = notFound('We could not find that payment. Please start again from the payment page.');
    if (!provider.ownsClientSecret(paymentIntentId, clientSecret)) throw missing;
    const outcome = demoCardOutcome(cardNumber);
    if (!outcome) throw badRequest(demoUnknownCardMessage, { cardNumber: demoUnknownCardMessage });

    const at = now();
    const result = await db.transaction().execute((trx) => applyStatusChange(trx, { paymentIntentId, provider: 'demo', ...outcome, at, now: at }));
    if (result.outcome === 'stale' && result.row && isFinalStatus(result.row.status)) {
      throw conflict(result.row.status === 'succeeded' ? 'This payment has already been made.' : 'This payment was canceled. Please start a new payment.');
    }
    if (!result.row) throw missing;
    return { payment: toPublicPayment(result.row), failureMessage: outcome.failureMessage };
  });
}
