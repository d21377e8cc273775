import { webhookResponseSchema } from '@repo/contracts';
import { badRequest, errorResponses, type ServiceApp } from '@repo/service-kit';
import type { PaymentsContext } from '../use-cases/context.ts';
import { receiveWebhookEvent } from '../use-cases/receive-webhook-event.ts';

const webhookBodyLimit = 256 * 1024;

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this plugin (and only it: Fastify scopes parsers
 * to the plugin) keeps the body as a Buffer instead of parsing JSON.
 */
export async function webhookRoutes(app: ServiceApp, { ctx, secret }: { ctx: PaymentsContext; secret: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));

  app.post('/api/payments/webhook', {
    schema: {
      tags: ['payments'],
      summary: 'Stripe events: payment_intent.processing, succeeded, payment_failed and canceled, each applied once',
      response: { 200: webhookResponseSchema, ...errorResponses(400, 413, 429) },
    },
  }, async (request) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('The webhook body is empty.');
    const signature = request.headers['stripe-signature'];
    const { event, outcome } = await receiveWebhookEvent(ctx, { rawBody: request.body, signature: typeof signature === 'string' ? signature : undefined, secret });
    request.log.info({ eventId: event.id, type: event.type, paymentIntentId: event.data.object.id, outcome }, 'Stripe event');
    return { received: true as const, outcome };
  });
}
