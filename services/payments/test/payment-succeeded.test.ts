import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTestCards, paymentSucceededTopic, type PaymentSucceeded } from '@repo/contracts';
import { publishedEffects } from '@repo/service-kit/testing';
import { deliver, FakeStripe, intentEvent, startPayments, webhookSecret, type PaymentsTestService } from './helpers.ts';

const told = (service: PaymentsTestService, paymentId: string) =>
  publishedEffects<PaymentSucceeded>(service.database, paymentSucceededTopic).then((all) => all.filter((effect) => effect.paymentId === paymentId));

const createIntent = (service: PaymentsTestService, payload: object) =>
  service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { paymentIntentId: string; clientSecret: string };
  });

describe('the demo provider', () => {
  let service: PaymentsTestService;
  beforeAll(async () => {
    service = await startPayments();
  });
  afterAll(async () => {
    await service?.close();
  });
  const confirm = (payload: object) => service.app.inject({ method: 'POST', url: '/api/payments/demo/confirm', payload });

  it('tells notifications once when a payment succeeds, with the card, the payer’s email and the reference; a decline tells nothing', async () => {
    const intent = await createIntent(service, { amount: 189.5, description: 'Dryer repair', payerEmail: 'pat@example.com', reference: 'SA-7KQ2MZ' });
    expect((await confirm({ ...intent, cardNumber: demoTestCards.declined })).statusCode).toBe(200);
    expect(await told(service, intent.paymentIntentId)).toEqual([]);

    const paid = await confirm({ ...intent, cardNumber: demoTestCards.succeeds });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', intent.paymentIntentId).executeTakeFirstOrThrow();
    expect(await told(service, intent.paymentIntentId)).toEqual([{
      paymentId: intent.paymentIntentId,
      amountCents: 18950,
      currency: 'usd',
      description: 'Dryer repair',
      reference: 'SA-7KQ2MZ',
      cardBrand: 'visa',
      cardLast4: '4242',
      payerEmail: 'pat@example.com',
      succeededAt: row.status_changed_at!.toISOString(),
    }]);

    // Paying again is refused and tells nothing more.
    expect((await confirm({ ...intent, cardNumber: demoTestCards.succeeds })).statusCode).toBe(409);
    expect(await told(service, intent.paymentIntentId)).toHaveLength(1);
  });

  it('tells it without an email or reference when the payer gave none', async () => {
    const intent = await createIntent(service, { amount: 40 });
    expect((await confirm({ ...intent, cardNumber: demoTestCards.succeeds })).statusCode).toBe(200);
    expect(await told(service, intent.paymentIntentId)).toEqual([expect.objectContaining({ amountCents: 4000, description: 'Appliance Repair Service', payerEmail: null, reference: null })]);
  });
});

describe('Stripe’s webhook', () => {
  let fake: FakeStripe;
  let service: PaymentsTestService;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    service = await startPayments({ STRIPE_SECRET_KEY: 'sk_test_fake_key_for_tests', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await service?.close();
    await fake?.stop();
  });

  it('tells notifications once, whatever order and however often the events arrive; no card is known', async () => {
    const intent = await createIntent(service, { amount: 99, description: 'Range repair', payerEmail: 'lee@example.com' });
    const created = Math.floor(Date.now() / 1000);
    const succeeded = intentEvent('payment_intent.succeeded', intent.paymentIntentId, { created });
    expect((await deliver(service, intentEvent('payment_intent.processing', intent.paymentIntentId, { created: created - 5 }))).statusCode).toBe(200);
    expect(await told(service, intent.paymentIntentId)).toEqual([]);
    expect((await deliver(service, succeeded)).json()).toMatchObject({ outcome: 'applied' });
    expect((await deliver(service, succeeded)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await deliver(service, intentEvent('payment_intent.succeeded', intent.paymentIntentId, { created: created + 1 }))).json()).toMatchObject({ outcome: 'stale' });
    expect(await told(service, intent.paymentIntentId)).toEqual([{
      paymentId: intent.paymentIntentId,
      amountCents: 9900,
      currency: 'usd',
      description: 'Range repair',
      reference: null,
      cardBrand: null,
      cardLast4: null,
      payerEmail: 'lee@example.com',
      succeededAt: new Date(created * 1000).toISOString(),
    }]);
  });
});
