import { apiDocumentSuite, type OperationFixture } from '@repo/service-kit/test-service';
import { FakeStripe, intentEvent, signedHeaders, startPayments, webhookSecret, type PaymentsTestService } from './helpers.ts';

/** A payment made through the API, so reading one gets past the lookup to the provider's answer. */
async function paymentFixtures(service: PaymentsTestService): Promise<Record<string, OperationFixture>> {
  const created = await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 150 } });
  return { getPaymentsByPaymentIntentId: { params: { paymentIntentId: created.json().paymentIntentId as string } } };
}

// Without Stripe keys: the demo provider, with its confirm call and no webhook.
apiDocumentSuite({
  service: 'payments',
  variant: 'demo provider',
  start: () => startPayments(),
  fixtures: paymentFixtures,
});

// With Stripe (a local stand-in for its API) and a webhook secret: no demo confirm, and the webhook.
apiDocumentSuite({
  service: 'payments',
  variant: 'with Stripe and its webhook',
  start: async () => {
    const stripe = await new FakeStripe().start();
    const service = await startPayments({ STRIPE_SECRET_KEY: 'sk_test_fake_key_for_tests', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url });
    return { ...service, close: async () => { await service.close(); await stripe.stop(); } };
  },
  fixtures: async (service) => {
    const event = JSON.stringify(intentEvent('payment_intent.succeeded', 'pi_unknown_to_payments'));
    return {
      ...(await paymentFixtures(service)),
      // The webhook reads its body as raw bytes, checked against Stripe's signature by the handler alone.
      postPaymentsWebhook: {
        invalid: [
          { label: 'with an empty body', headers: { 'content-type': 'application/json' }, payload: '' },
          { label: 'with an event and no Stripe-Signature', headers: { 'content-type': 'application/json' }, payload: event },
          { label: 'with an event signed with another secret', headers: signedHeaders(event, { secret: 'whsec_someone_else' }), payload: event },
          { label: 'with a signature over other bytes', headers: signedHeaders(event), payload: `${event} ` },
        ],
      },
    };
  },
});
