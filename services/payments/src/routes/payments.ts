import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  apiErrorSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  paymentIntentParamsSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  publicPaymentSchema,
} from '@repo/contracts';
import { notFound, type ServiceApp } from '@repo/service-kit';
import type { PaymentsDatabase } from '../db/schema.ts';
import { toPublicPayment } from '../domain/payments.ts';
import type { PaymentProvider } from '../domain/provider.ts';
import type { PaymentsEnv } from '../env.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

export async function paymentRoutes(app: ServiceApp, { db, env, provider }: { db: Kysely<PaymentsDatabase>; env: PaymentsEnv; provider: PaymentProvider }) {
  app.post('/api/create-payment-intent', {
    config: { rateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    schema: { tags: ['payments'], body: createPaymentIntentRequestSchema, response: { 200: createPaymentIntentResponseSchema, ...errors } },
  }, async (request) => {
    const amountCents = Math.round(request.body.amount * 100);
    const intent = await provider.createIntent({ amountCents, description: request.body.description, idempotencyKey: randomUUID() });
    await db.insertInto('payments').values({
      provider: provider.name,
      payment_intent_id: intent.id,
      amount_cents: amountCents,
      currency: 'usd',
      description: request.body.description,
    }).execute();
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
  });

  app.get('/api/payments/:paymentIntentId', {
    schema: { tags: ['payments'], params: paymentIntentParamsSchema, response: { 200: publicPaymentSchema, ...errors } },
  }, async (request) => {
    const row = await db.selectFrom('payments').selectAll().where('payment_intent_id', '=', request.params.paymentIntentId).executeTakeFirst();
    if (!row) throw notFound('We could not find that payment.');
    return toPublicPayment(row);
  });

  app.get('/api/payments', {
    preHandler: app.requireRole('staff', 'admin'),
    schema: { tags: ['payments'], querystring: paymentListQuerySchema, response: { 200: paymentListResponseSchema, ...errors } },
  }, async (request) => {
    const { status, page, pageSize } = request.query;
    let query = db.selectFrom('payments');
    if (status) query = query.where('status', '=', status);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => ({ ...toPublicPayment(row), id: row.id, provider: row.provider })), total: Number(count.total), page, pageSize };
  });
}
