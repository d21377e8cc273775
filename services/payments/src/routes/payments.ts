import type { Kysely } from 'kysely';
import {
  apiErrorSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  idempotencyKeyHeaderSchema,
  paymentIntentParamsSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  publicPaymentSchema,
} from '@repo/contracts';
import { notFound, type ServiceApp } from '@repo/service-kit';
import type { PaymentsDatabase } from '../db/schema.ts';
import { createPaymentIntent, currentPayment, listPayments, toPublicPayment } from '../domain/payments.ts';
import { randomIdempotencyKey, type PaymentProvider } from '../domain/provider.ts';
import type { PaymentsEnv } from '../env.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

export type PaymentRoutesOptions = { db: Kysely<PaymentsDatabase>; env: PaymentsEnv; provider: PaymentProvider; now: () => Date };

export async function paymentRoutes(app: ServiceApp, { db, env, provider, now }: PaymentRoutesOptions) {
  app.post('/api/create-payment-intent', {
    config: { rateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    schema: {
      tags: ['payments'],
      summary: 'Start a payment: a pending ledger record and a provider intent in US cents',
      headers: idempotencyKeyHeaderSchema,
      body: createPaymentIntentRequestSchema,
      response: { 200: createPaymentIntentResponseSchema, ...errorResponses },
    },
  }, async (request) => {
    return createPaymentIntent(db, provider, {
      amount: request.body.amount,
      description: request.body.description,
      idempotencyKey: request.headers['idempotency-key'] ?? randomIdempotencyKey(),
      metadata: { source: 'website-payment-page', request_id: request.id },
    });
  });

  app.get('/api/payments/:paymentIntentId', {
    schema: {
      tags: ['payments'],
      summary: 'Status, amount, description and date of one payment, for the confirmation page',
      params: paymentIntentParamsSchema,
      response: { 200: publicPaymentSchema, ...errorResponses },
    },
  }, async (request) => {
    const row = await currentPayment(db, provider, request.params.paymentIntentId, {
      now: now(),
      onRefreshError: (err) => request.log.info({ err }, 'Stripe could not be asked; showing the stored status'),
    });
    if (!row) throw notFound('We could not find that payment.');
    return toPublicPayment(row);
  });

  app.get('/api/payments', {
    preHandler: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['payments'],
      summary: 'The payments ledger for staff, newest first, with filters and paging',
      security: [{ bearer: [] }, { cookie: [] }],
      querystring: paymentListQuerySchema,
      response: { 200: paymentListResponseSchema, ...errorResponses },
    },
  }, async (request) => listPayments(db, request.query));
}
