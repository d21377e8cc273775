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
      summary: "Stripe's payment events, each applied once",
      description:
        'payment_intent.processing, succeeded, payment_failed and canceled, and charge.refunded (refunds made in Stripe join the ' +
        'ledger); other types are acknowledged and ignored. The body ' +
        'is any type, read as raw bytes: without a valid Stripe-Signature over them it is a 400 and nothing changes.',
      // Read by the handler only (the signature covers the raw bytes): an empty, unsigned or badly signed body.
      response: { 200: webhookResponseSchema, ...errorResponses(400) },
    },
  }, async (request) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('The webhook body is empty.');
    const signature = request.headers['stripe-signature'];
    const { event, outcome } = await receiveWebhookEvent(ctx, { rawBody: request.body, signature: typeof signature === 'string' ? signature : undefined, secret });
    request.log.info({ eventId: event.id, type: event.type, paymentIntentId: event.data.object.id, outcome }, 'Stripe event');
    return { received: true as const, outcome };
  });
}
