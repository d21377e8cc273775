import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, FakeStripe, intentEvent, signedHeaders, startPayments, webhookSecret, type PaymentsTestService } from './helpers.ts';

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

const newIntent = async (amount = 99) => {
  const response = await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount, description: 'Range repair' } });
  expect(response.statusCode).toBe(200);
  return response.json().paymentIntentId as string;
};
const stored = (paymentIntentId: string) =>
  service.db.selectFrom('payments').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
const eventCount = async () => (await service.db.selectFrom('payment_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('webhook signature', () => {
  it('applies a correctly signed event', async () => {
    const id = await newIntent();
    const response = await deliver(service, intentEvent('payment_intent.succeeded', id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await stored(id)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a tampered body, a wrong secret, an old or future time stamp and a missing signature with 400, changing nothing', async () => {
    const id = await newIntent();
    const events = await eventCount();
    const event = intentEvent('payment_intent.succeeded', id);
    const payload = JSON.stringify(event);
    const tampered = payload.replace('"payment_intent.succeeded"', '"payment_intent.canceled"');
    const attempts = [
      { headers: signedHeaders(payload), payload: tampered, reason: /does not match the body/ },
      { headers: signedHeaders(payload, { secret: 'whsec_someone_else' }), payload, reason: /does not match the body/ },
      { headers: signedHeaders(payload, { timestamp: nowSeconds() - 600 }), payload, reason: /too old/ },
      { headers: signedHeaders(payload, { timestamp: nowSeconds() + 3600 }), payload, reason: /in the future/ },
      { headers: { 'content-type': 'application/json' }, payload, reason: /header is missing/ },
      { headers: { ...signedHeaders(payload), 'stripe-signature': 't=abc,v1=' }, payload, reason: /does not match the body/ },
    ];
    for (const { headers, payload: body, reason } of attempts) {
      const response = await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message, String(reason)).toMatch(reason);
    }
    expect(await stored(id)).toMatchObject({ status: 'pending', status_changed_at: null });
    expect(await eventCount()).toBe(events);
  });

  it('reads the body as raw bytes whatever the content type, and refuses a signed body that is not an event', async () => {
    const id = await newIntent();
    const payload = JSON.stringify(intentEvent('payment_intent.processing', id), null, 2);
    const asText = await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { ...signedHeaders(payload), 'content-type': 'text/plain' }, payload });
    expect(asText.json().outcome).toBe('applied');

    for (const body of ['not json', '{"id":"evt_1"}', JSON.stringify({ ...intentEvent('payment_intent.succeeded', id), created: 'yesterday' })]) {
      const response = await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: signedHeaders(body), payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('The webhook body is not a Stripe event.');
    }
    expect((await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: signedHeaders('') })).statusCode).toBe(400);
    expect(await stored(id)).toMatchObject({ status: 'processing' });
  });

  it('leaves JSON parsing of the other routes alone', async () => {
    const json = await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 5 } });
    expect(json.statusCode).toBe(200);
    // The webhook's catch-all raw parser does not leak out of its plugin.
    const bytes = await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { 'content-type': 'application/octet-stream' }, payload: '{"amount":5}' });
    expect(bytes.statusCode).toBe(415);
  });
});

describe('webhook events', () => {
  it('applies each event once: a replay changes nothing', async () => {
    const id = await newIntent();
    const processing = intentEvent('payment_intent.processing', id, { created: nowSeconds() - 60 });
    const failed = intentEvent('payment_intent.payment_failed', id, { created: nowSeconds() - 30, lastPaymentError: 'Your card has insufficient funds.' });
    expect((await deliver(service, processing)).json().outcome).toBe('applied');
    expect((await deliver(service, failed)).json().outcome).toBe('applied');
    const replays = [await deliver(service, processing), await deliver(service, failed)];
    expect(replays.map((response) => response.json().outcome)).toEqual(['duplicate', 'duplicate']);
    expect(await stored(id)).toMatchObject({ status: 'failed', failure_message: 'Your card has insufficient funds.' });
    const recorded = await service.db.selectFrom('payment_events').select(['event_id', 'outcome']).where('payment_intent_id', '=', id).orderBy('id').execute();
    expect(recorded).toEqual([{ event_id: processing.id, outcome: 'applied' }, { event_id: failed.id, outcome: 'applied' }]);
  });

  it('applies an event delivered many times at once exactly once', async () => {
    const id = await newIntent();
    const event = intentEvent('payment_intent.succeeded', id);
    const responses = await Promise.all(Array.from({ length: 8 }, () => deliver(service, event)));
    const outcomes = responses.map((response) => response.json().outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(7).fill('duplicate')]);
    expect(await service.db.selectFrom('payment_events').select('id').where('event_id', '=', event.id).execute()).toHaveLength(1);
  });

  it('never goes back from succeeded, whatever arrives late', async () => {
    const id = await newIntent();
    const t = nowSeconds() - 100;
    await deliver(service, intentEvent('payment_intent.succeeded', id, { created: t + 20 }));
    const late = [
      intentEvent('payment_intent.processing', id, { created: t + 10 }),
      intentEvent('payment_intent.payment_failed', id, { created: t }),
      intentEvent('payment_intent.processing', id, { created: t + 50 }),
      intentEvent('payment_intent.canceled', id, { created: t + 60 }),
    ];
    for (const event of late) expect((await deliver(service, event)).json().outcome).toBe('stale');
    expect(await stored(id)).toMatchObject({ status: 'succeeded', status_changed_at: new Date((t + 20) * 1000) });
  });

  it('keeps the newest of in-between statuses, by Stripe\'s event time', async () => {
    const id = await newIntent();
    const t = nowSeconds() - 100;
    await deliver(service, intentEvent('payment_intent.payment_failed', id, { created: t + 10, lastPaymentError: 'Your card was declined.' }));
    expect((await deliver(service, intentEvent('payment_intent.processing', id, { created: t }))).json().outcome).toBe('stale');
    expect(await stored(id)).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    // The payer tries again with another method.
    await deliver(service, intentEvent('payment_intent.processing', id, { created: t + 30 }));
    expect(await stored(id)).toMatchObject({ status: 'processing', failure_message: null });
    await deliver(service, intentEvent('payment_intent.succeeded', id, { created: t + 40 }));
    expect((await stored(id)).status).toBe('succeeded');
  });

  it('ends in the same status whatever order and how often the events arrive', async () => {
    const t = nowSeconds() - 1000;
    const scenarios: { events: [string, number][]; final: string }[] = [
      { events: [['payment_intent.processing', 1], ['payment_intent.payment_failed', 2], ['payment_intent.processing', 3], ['payment_intent.succeeded', 4]], final: 'succeeded' },
      { events: [['payment_intent.processing', 1], ['payment_intent.payment_failed', 1]], final: 'failed' },
      { events: [['payment_intent.payment_failed', 1], ['payment_intent.canceled', 2]], final: 'canceled' },
      { events: [['payment_intent.processing', 1], ['payment_intent.payment_failed', 5], ['payment_intent.processing', 9]], final: 'processing' },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...scenarios),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (scenario, shuffle, repeats) => {
          const id = await newIntent();
          const events = scenario.events.map(([type, offset]) => intentEvent(type, id, { created: t + offset }));
          const deliveries = [...events, ...repeats.map((index) => events[index % events.length]!)];
          const order = deliveries.map((event) => ({ event, key: shuffle.next().value as number })).sort((a, b) => a.key - b.key);
          for (const { event } of order) expect((await deliver(service, event)).statusCode).toBe(200);
          expect((await stored(id)).status).toBe(scenario.final);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('acknowledges events for intents it did not create and event types it does not handle, changing nothing', async () => {
    const unknown = intentEvent('payment_intent.succeeded', 'pi_made_elsewhere');
    expect((await deliver(service, unknown)).json()).toEqual({ received: true, outcome: 'ignored' });
    const recorded = await service.db.selectFrom('payment_events').select('outcome').where('event_id', '=', unknown.id).executeTakeFirstOrThrow();
    expect(recorded.outcome).toBe('ignored');

    const id = await newIntent();
    const events = await eventCount();
    for (const type of ['charge.succeeded', 'payment_intent.created', 'constructor', '__proto__']) {
      expect((await deliver(service, intentEvent(type, id))).json().outcome).toBe('ignored');
    }
    expect(await eventCount()).toBe(events);
    expect((await stored(id)).status).toBe('pending');
  });
});
