import type { Kysely } from 'kysely';
import { apiErrorSchema, webhookResponseSchema } from '@repo/contracts';
import { badRequest, type ServiceApp } from '@repo/service-kit';
import type { PaymentsDatabase } from '../db/schema.ts';
import { recordWebhookEvent, verifyWebhookEvent } from '../domain/webhooks.ts';

export type WebhookRoutesOptions = { db: Kysely<PaymentsDatabase>; secret: string; now: () => Date };

const webhookBodyLimit = 256 * 1024;

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this plugin (and only it: Fastify scopes parsers
 * to the plugin) keeps the body as a Buffer instead of parsing JSON.
 */
export async function webhookRoutes(app: ServiceApp, { db, secret, now }: WebhookRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));

  app.post('/api/payments/webhook', {
    schema: {
      tags: ['payments'],
      summary: 'Stripe events: payment_intent.processing, succeeded, payment_failed and canceled, each applied once',
      response: { 200: webhookResponseSchema, 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('The webhook body is empty.');
    const signature = request.headers['stripe-signature'];
    const event = verifyWebhookEvent(request.body, typeof signature === 'string' ? signature : undefined, secret, now());
    const outcome = await recordWebhookEvent(db, event, now());
    request.log.info({ eventId: event.id, type: event.type, paymentIntentId: event.data.object.id, outcome }, 'Stripe event');
    return { received: true as const, outcome };
  });
}
