import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTestCards } from '@repo/contracts';
import { FakeStripe, intentEvent, signedHeaders, startPayments, webhookSecret, type PaymentsTestService } from './helpers.ts';

let fake: FakeStripe;
let demo: PaymentsTestService;
let stripe: PaymentsTestService;
let demoIntent: { paymentIntentId: string; clientSecret: string };
let stripeIntentId: string;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  [demo, stripe] = await Promise.all([
    startPayments({ STRIPE_WEBHOOK_SECRET: webhookSecret }),
    startPayments({ STRIPE_SECRET_KEY: 'sk_test_fake_key_for_tests', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url }),
  ]);
  demoIntent = (await demo.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 10 } })).json();
  stripeIntentId = (await stripe.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 10 } })).json().paymentIntentId;
});
afterAll(async () => {
  await Promise.all([demo?.close(), stripe?.close()]);
  await fake?.stop();
});

/** Text of every kind, with the troublemakers (NUL, control characters, lone surrogates, emoji) made likely. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u001b', '\n', '\ud800', '\udc00', '\u{1f600}', 'é', 'a', '1', ' ', '"', '\\', '%'), maxLength: 40 }),
);
const anyValue = fc.oneof(fc.jsonValue(), text, fc.double(), fc.integer(), fc.constant(null));
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'multipart/form-data; boundary=x', '');
/** A body as sent over the wire: JSON of any shape, or bytes that are not JSON at all. */
const rawBody = fc.oneof(
  anyValue.map((value) => JSON.stringify(value) ?? 'null'),
  text,
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

/** URLs cannot carry lone surrogates; UTF-8 round-tripping turns them into U+FFFD as a browser would. */
const wellFormed = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

const services = () => [demo, stripe] as const;
const notServerError = (statusCode: number, context: unknown) => expect(statusCode, JSON.stringify(context)).toBeLessThan(500);

describe('malformed requests never get a 5xx', () => {
  it('POST /api/create-payment-intent', async () => {
    const body = fc.oneof(
      fc.record({ amount: anyValue, description: anyValue }, { requiredKeys: [] }),
      fc.record({ amount: fc.double({ min: -1e6, max: 1e6 }), description: text }),
      // Valid amounts, so odd descriptions reach the database and the provider.
      fc.record({ amount: fc.integer({ min: 100, max: 1_000_000 }).map((cents) => cents / 100), description: text }),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(body, fc.option(text), async (payload, key) => {
        for (const service of services()) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (key !== null) headers['idempotency-key'] = key.replace(/[^\x20-\x7e]/g, '');
          const response = await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: JSON.stringify(payload) ?? 'null' });
          notServerError(response.statusCode, { payload, key, body: response.body });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any body and content type on every POST route', async () => {
    const url = fc.constantFrom('/api/create-payment-intent', '/api/payments/demo/confirm', '/api/payments/webhook');
    await fc.assert(
      fc.asyncProperty(url, rawBody, contentType, async (path, payload, type) => {
        for (const service of services()) {
          const headers = type ? { 'content-type': type } : {};
          const response = await service.app.inject({ method: 'POST', url: path, headers, payload });
          notServerError(response.statusCode, { path, payload, type, body: response.body });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/payments/demo/confirm', async () => {
    const body = fc.record(
      {
        paymentIntentId: fc.oneof(anyValue, fc.constant(demoIntent.paymentIntentId)),
        clientSecret: fc.oneof(anyValue, fc.constant(demoIntent.clientSecret)),
        cardNumber: fc.oneof(anyValue, fc.constantFrom(demoTestCards.declined, '4242-4242-4242-4243', '0'.repeat(19))),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await demo.app.inject({ method: 'POST', url: '/api/payments/demo/confirm', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        notServerError(response.statusCode, { payload, body: response.body });
      }),
    );
  });

  it('POST /api/payments/webhook with any signature, and signed events of any shape', async () => {
    const signature = fc.oneof(text, fc.constant('t=1,v1='), fc.tuple(fc.integer(), text).map(([t, v]) => `t=${t},v1=${v},v0=${v}`));
    const event = fc.oneof(
      fc.record({ id: anyValue, type: anyValue, created: anyValue, data: anyValue }, { requiredKeys: [] }),
      fc.record({
        type: fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.processing', 'payment_intent.canceled', 'toString'),
        created: fc.oneof(fc.integer(), fc.double(), fc.constant(8.64e15)),
        intent: fc.oneof(fc.constant(stripeIntentId), text),
        message: text,
      }).map(({ type, created, intent, message }) => ({ ...intentEvent(type, intent, { lastPaymentError: message }), created })),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, signature, event, async (payload, header, signed) => {
        for (const service of services()) {
          const forged = await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header.replace(/[^\x20-\x7e]/g, '') }, payload });
          notServerError(forged.statusCode, { payload, header, body: forged.body });
          const body = JSON.stringify(signed) ?? 'null';
          const response = await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: signedHeaders(body), payload: body });
          notServerError(response.statusCode, { signed, body: response.body });
        }
      }),
    );
  });

  it('GET /api/payments/:id and the staff list with any path and query', async () => {
    const query = fc.dictionary(fc.constantFrom('status', 'provider', 'from', 'to', 'page', 'pageSize', 'x'), text, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(text, query, async (id, params) => {
        for (const service of services()) {
          const one = await service.app.inject({ method: 'GET', url: `/api/payments/${encodeURIComponent(wellFormed(id))}` });
          notServerError(one.statusCode, { id, body: one.body });
          const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, wellFormed(value)] as [string, string]));
          const list = await service.app.inject({ method: 'GET', url: `/api/payments?${search}`, headers: { authorization: service.bearer({ sub: 'staff:1', role: 'staff' }) } });
          notServerError(list.statusCode, { params, body: list.body });
        }
      }),
    );
  });
});
