import {
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  idempotencyKeyHeaderSchema,
  paymentIntentParamsSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  publicPaymentSchema,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import { randomIdempotencyKey } from '../domain/provider.ts';
import type { PaymentsEnv } from '../env.ts';
import type { PaymentsContext } from '../use-cases/context.ts';
import { createPaymentIntent } from '../use-cases/create-payment-intent.ts';
import { getPayment } from '../use-cases/get-payment.ts';
import { listPayments } from '../use-cases/list-payments.ts';

export async function paymentRoutes(app: ServiceApp, { ctx, env }: { ctx: PaymentsContext; env: PaymentsEnv }) {
  // An idempotency key reused for other details is a 409; Stripe unreachable, failing or refusing the key a 503 (the
  // demo provider never fails).
  const creationErrors = ctx.provider.name === 'stripe' ? errorResponses(409, 503) : errorResponses(409);

  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.
  app.post('/api/create-payment-intent', {
    config: { rateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    schema: {
      tags: ['payments'],
      summary: "Start a payment: a pending ledger record and the provider's payment intent",
      description:
        'The amount in US dollars becomes an intent in US cents, with the optional receipt email and reference. The same ' +
        'Idempotency-Key answers the same intent again; reused for other details it is a 409.',
      headers: idempotencyKeyHeaderSchema,
      body: createPaymentIntentRequestSchema,
      response: { 200: createPaymentIntentResponseSchema, ...creationErrors },
    },
  }, async (request) => createPaymentIntent(ctx, {
    amount: request.body.amount,
    description: request.body.description,
    payerEmail: request.body.payerEmail,
    reference: request.body.reference,
    idempotencyKey: request.headers['idempotency-key'] ?? randomIdempotencyKey(),
    metadata: { source: 'website-payment-page', request_id: request.id },
  }));

  app.get('/api/payments/:paymentIntentId', {
    schema: {
      tags: ['payments'],
      summary: 'Status, amount, description and date of one payment, for the confirmation page',
      description: 'A Stripe payment no webhook has settled yet is checked with Stripe; when Stripe cannot be asked, the stored status is shown.',
      params: paymentIntentParamsSchema,
      response: { 200: publicPaymentSchema, ...errorResponses(404) },
    },
  }, async (request) => getPayment(ctx, request.params.paymentIntentId,
    (err) => request.log.info({ err }, 'Stripe could not be asked; showing the stored status')));

  // Administrators only (issue 12): who paid what is the owner's to see.
  app.get('/api/payments', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['payments'],
      summary: 'The payments ledger for administrators, newest first, with filters and paging',
      querystring: paymentListQuerySchema,
      response: { 200: paymentListResponseSchema },
    },
  }, async (request) => listPayments(ctx, request.query));
}
