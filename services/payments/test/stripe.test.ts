import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoTestCards } from '@repo/contracts';
import { closedPort, FakeStripe, startPayments, stripeError, webhookSecret, type PaymentsTestService } from './helpers.ts';

const stripeEnv = (apiUrl: string, extra: Record<string, string> = {}) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake_key_for_tests',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: apiUrl,
  ...extra,
});

let fake: FakeStripe;
let service: PaymentsTestService;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  service = await startPayments(stripeEnv(fake.url));
});
afterAll(async () => {
  await service?.close();
  await fake?.stop();
});
afterEach(() => fake.reset());

const createIntent = (payload: object, headers: Record<string, string> = {}, target = service) =>
  target.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload, headers });
const countPayments = async () => (await service.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('creating a Stripe PaymentIntent', () => {
  it('sends the amount in cents, usd, automatic payment methods, description, metadata and an Idempotency-Key', async () => {
    const response = await createIntent({ amount: 189.99, description: 'Sub-Zero refrigerator repair' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.provider).toBe('stripe');

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers.authorization).toBe('Bearer sk_test_fake_key_for_tests');
    expect(Object.fromEntries(request!.form)).toMatchObject({
      amount: '18999',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      description: 'Sub-Zero refrigerator repair',
      'metadata[source]': 'website-payment-page',
    });
    expect(request!.form.get('metadata[request_id]')).toBe(response.headers['x-request-id']);
    expect(request!.headers['idempotency-key']).toMatch(/^create-payment-intent:[0-9a-f]{32}$/);

    const intent = fake.intents.get(body.paymentIntentId)!;
    expect(body.clientSecret).toBe(intent.client_secret);
    const stored = await service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', intent.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ provider: 'stripe', amount_cents: 18999, currency: 'usd', status: 'pending', description: 'Sub-Zero refrigerator repair' });
  });

  it('sends the receipt email as receipt_email and the reference in the metadata, and sends neither when not given', async () => {
    const response = await createIntent({ amount: 50, payerEmail: 'pat@example.com', reference: 'SA-7KQ2MZ' });
    expect(response.statusCode).toBe(200);
    const intent = fake.intents.get(response.json().paymentIntentId)!;
    expect(intent.receipt_email).toBe('pat@example.com');
    expect(intent.metadata).toMatchObject({ reference: 'SA-7KQ2MZ', source: 'website-payment-page' });
    const stored = await service.db.selectFrom('payments').select(['payer_email', 'reference']).where('payment_intent_id', '=', intent.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ payer_email: 'pat@example.com', reference: 'SA-7KQ2MZ' });

    fake.reset();
    await createIntent({ amount: 50 });
    expect(fake.requests[0]!.form.has('receipt_email')).toBe(false);
    expect(fake.requests[0]!.form.has('metadata[reference]')).toBe(false);
  });

  it('gives every request its own key, and a retried request with the caller\'s key the same intent', async () => {
    await createIntent({ amount: 10 });
    await createIntent({ amount: 10 });
    const [first, second] = fake.requests.map((request) => request.headers['idempotency-key']);
    expect(first).not.toBe(second);

    const headers = { 'idempotency-key': 'page-attempt-42' };
    const one = await createIntent({ amount: 42 }, headers);
    const before = await countPayments();
    const two = await createIntent({ amount: 42 }, headers);
    expect(two.json()).toEqual(one.json());
    expect(await countPayments()).toBe(before);
    expect(fake.requests.slice(-2).map((request) => request.headers['idempotency-key'])).toEqual(['create-payment-intent:page-attempt-42', 'create-payment-intent:page-attempt-42']);
  });

  it('retries a failed call once with the same Idempotency-Key', async () => {
    fake.queued.push(stripeError(500, 'api_error', 'Something went wrong on Stripe\'s end.'));
    const response = await createIntent({ amount: 55 });
    expect(response.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.headers['idempotency-key']).toBe(fake.requests[1]!.headers['idempotency-key']);
  });

  it.each([
    ['Stripe fails twice', [stripeError(500, 'api_error', 'boom'), stripeError(502, 'api_error', 'boom')], /could not be|unavailable right now/],
    ['Stripe answers something that is not JSON', [{ status: 502, body: '<html>Bad gateway</html>' }, { status: 502, body: '<html>Bad gateway</html>' }], /unavailable right now/],
    ['the key is refused', [stripeError(401, 'invalid_request_error', 'Invalid API Key provided')], /unavailable right now/],
    ['the key lacks permission', [stripeError(403, 'invalid_request_error', 'The provided key does not have access')], /unavailable right now/],
    ['Stripe throttles', [{ ...stripeError(429, 'rate_limit_error', 'Too many requests'), headers: { 'Stripe-Should-Retry': 'false' } }], /busy/],
    ['Stripe refuses the request', [stripeError(400, 'invalid_request_error', 'Amount must be no more than $999,999.99')], /unavailable right now/],
  ])('answers 503 with a clear message when %s, and stores nothing', async (_case, answers, message) => {
    fake.queued.push(...answers);
    const before = await countPayments();
    const response = await createIntent({ amount: 20 });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(message) });
    expect(await countPayments()).toBe(before);
  });

  it('answers 409 when Stripe says the key was used for other parameters', async () => {
    fake.queued.push({ ...stripeError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters'), headers: { 'Stripe-Should-Retry': 'false' } });
    const response = await createIntent({ amount: 20 }, { 'idempotency-key': 'page-attempt-43' });
    expect(response.statusCode).toBe(409);
  });

  it('answers 503, never 500, when Stripe is unreachable or does not answer in time', async () => {
    const unreachable = await startPayments(stripeEnv(`http://127.0.0.1:${await closedPort()}`));
    try {
      const response = await createIntent({ amount: 150 }, {}, unreachable);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('We could not reach our payment provider. Please try again in a few minutes or call us to pay by phone.');
    } finally {
      await unreachable.close();
    }

    const slow = await startPayments(stripeEnv(fake.url, { STRIPE_TIMEOUT_MS: '1000' }));
    try {
      fake.queued.push('hang', 'hang');
      const response = await createIntent({ amount: 150 }, {}, slow);
      expect(response.statusCode).toBe(503);
    } finally {
      await slow.close();
    }
  });
});

describe('with Stripe configured', () => {
  it('makes the demo provider unreachable', async () => {
    const { paymentIntentId, clientSecret } = (await createIntent({ amount: 30 })).json();
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/payments/demo/confirm',
      payload: { paymentIntentId, clientSecret, cardNumber: demoTestCards.succeeds },
    });
    expect(response.statusCode).toBe(404);
    const stored = await service.db.selectFrom('payments').select('status').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    const documented = Object.keys((await service.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths);
    expect(documented).toContain('/api/payments/webhook');
    expect(documented).not.toContain('/api/payments/demo/confirm');
  });

  it('shows a payment Stripe has settled before its webhook arrived, and the stored status when Stripe cannot be asked', async () => {
    const { paymentIntentId } = (await createIntent({ amount: 64.5, description: 'Dishwasher' })).json();
    const show = () => service.app.inject({ method: 'GET', url: `/api/payments/${paymentIntentId}` });

    fake.intents.get(paymentIntentId)!.status = 'processing';
    expect((await show()).json()).toMatchObject({ status: 'pending', amount: 64.5 });

    fake.intents.get(paymentIntentId)!.status = 'succeeded';
    fake.queued.push(stripeError(500, 'api_error', 'boom'), stripeError(500, 'api_error', 'boom'));
    expect((await show()).json().status).toBe('pending');

    expect((await show()).json()).toMatchObject({ status: 'succeeded', amount: 64.5, description: 'Dishwasher' });
    const asked = fake.requests.length;
    expect((await show()).json().status).toBe('succeeded');
    expect(fake.requests).toHaveLength(asked);
  });
});
