import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cardDigits,
  createPaymentIntentRequestSchema,
  demoConfirmRequestSchema,
  findUnsafeText,
  demoDeclineMessage,
  demoTestCards,
  demoUnknownCardMessage,
  idempotencyKeyHeaderSchema,
  paymentIntentIdSchema,
  paymentListQuerySchema,
  stripeWebhookEventSchema,
  webhookOutcomes,
} from '@repo/contracts';
import { expectApiError, jsonBodyErrorCode } from '@repo/service-kit/test-service';
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

/** URLs and bodies cannot carry lone surrogates; UTF-8 round-tripping turns them into U+FFFD as the wire does. */
const wellFormed = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

const services = () => [demo, stripe] as const;

type Refusal = { status: number; code: string };
/**
 * How a JSON route refuses a body before its handler runs, or undefined when the body gets through: an unknown media
 * type, an empty, broken or prototype-poisoning JSON body, or one that fails the route's schema.
 */
function refusal(payload: string, contentType: string, schema: z.ZodType): Refusal | undefined {
  const sent = wellFormed(payload);
  // Text with a NUL or a lone surrogate is refused by every service, whatever the route's schema would say.
  const invalid = (value: unknown) => (!findUnsafeText(value) && schema.safeParse(value).success ? undefined : { status: 400, code: 'VALIDATION_ERROR' });
  if (contentType === '') return sent === '' ? invalid(undefined) : { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
  if (contentType.startsWith('application/json')) {
    return jsonBodyErrorCode(sent) === 'BAD_REQUEST' ? { status: 400, code: 'BAD_REQUEST' } : invalid(JSON.parse(sent));
  }
  if (contentType === 'text/plain') return invalid(sent);
  return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
}

/** A body the handler got: its answer is one of `accepted`; an error among them has the API error shape. */
function expectAnswer(response: { statusCode: number; body: string }, accepted: { status: number; code?: string }[]) {
  expect(accepted.map((answer) => answer.status), response.body).toContain(response.statusCode);
  const code = accepted.find((answer) => answer.status === response.statusCode)?.code;
  if (code) expectApiError(response, response.statusCode, code);
}

/** What the demo confirmation answers a well-formed body with. */
function demoConfirmAnswers(body: z.infer<typeof demoConfirmRequestSchema>) {
  if (body.paymentIntentId !== demoIntent.paymentIntentId || body.clientSecret !== demoIntent.clientSecret) return [{ status: 404, code: 'NOT_FOUND' }];
  const digits = cardDigits(body.cardNumber);
  // The first payment with the paying card succeeds; the intent is final after that.
  if (digits === cardDigits(demoTestCards.succeeds)) return [{ status: 200 }, { status: 409, code: 'CONFLICT' }];
  if (digits === cardDigits(demoTestCards.declined)) return [{ status: 200 }, { status: 409, code: 'CONFLICT' }];
  return [{ status: 400, code: 'VALIDATION_ERROR' }];
}

describe('malformed requests get a 4xx with the API error shape', () => {
  it('POST /api/create-payment-intent: 400 for a bad body or Idempotency-Key, else an intent (409 for a key reused for another payment)', async () => {
    const body = fc.oneof(
      fc.record({ amount: anyValue, description: anyValue }, { requiredKeys: [] }),
      fc.record({ amount: fc.double({ min: -1e6, max: 1e6 }), description: text }),
      // Valid amounts, so odd descriptions reach the database and the provider.
      fc.record({ amount: fc.integer({ min: 100, max: 1_000_000 }).map((cents) => cents / 100), description: text }),
      anyValue,
    );
    await fc.assert(
      fc.asyncProperty(body, fc.option(text), async (payload, key) => {
        const sentKey = key === null ? undefined : key.replace(/[^\x20-\x7e]/g, '').trim();
        const json = JSON.stringify(payload) ?? 'null';
        const refused = refusal(json, 'application/json', createPaymentIntentRequestSchema)
          ?? (idempotencyKeyHeaderSchema.safeParse({ 'idempotency-key': sentKey }).success ? undefined : { status: 400, code: 'VALIDATION_ERROR' });
        for (const service of services()) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (sentKey !== undefined) headers['idempotency-key'] = sentKey;
          const response = await service.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: json });
          if (refused) {
            expectApiError(response, refused.status, refused.code);
          } else {
            expectAnswer(response, [{ status: 200 }, { status: 409, code: 'CONFLICT' }]);
            if (response.statusCode === 200) expect(response.json()).toMatchObject({ paymentIntentId: expect.any(String), clientSecret: expect.any(String), provider: service === demo ? 'demo' : 'stripe' });
          }
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
          if (path === '/api/payments/webhook') {
            // Any media type is read as bytes; without a Stripe-Signature (or a body) nothing is verified.
            expectApiError(response, 400, 'BAD_REQUEST');
          } else if (path === '/api/payments/demo/confirm' && service === stripe) {
            // With Stripe configured the demo route does not exist. On the way to the 404 Fastify still parses a media
            // type it knows (so broken JSON is a 400) and skips one it does not.
            const refused = refusal(payload, type, z.unknown());
            if (refused && refused.status !== 415 && refused.code !== 'VALIDATION_ERROR') expectApiError(response, refused.status, refused.code);
            else expectApiError(response, 404, 'NOT_FOUND');
          } else {
            const schema = path === '/api/create-payment-intent' ? createPaymentIntentRequestSchema : demoConfirmRequestSchema;
            const refused = refusal(payload, type, schema);
            if (refused) expectApiError(response, refused.status, refused.code);
            else if (path === '/api/create-payment-intent') expectAnswer(response, [{ status: 200 }]);
            else expectAnswer(response, demoConfirmAnswers(demoConfirmRequestSchema.parse(JSON.parse(wellFormed(payload)))));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/payments/demo/confirm: 400 for a bad body, 404 for a payment it does not own, the outcome of a test card', async () => {
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
        const json = JSON.stringify(payload);
        const response = await demo.app.inject({ method: 'POST', url: '/api/payments/demo/confirm', payload: json, headers: { 'content-type': 'application/json' } });
        const refused = refusal(json, 'application/json', demoConfirmRequestSchema);
        if (refused) {
          expectApiError(response, refused.status, refused.code);
          return;
        }
        const parsed = demoConfirmRequestSchema.parse(JSON.parse(wellFormed(json)));
        expectAnswer(response, demoConfirmAnswers(parsed));
        if (cardDigits(parsed.cardNumber) === cardDigits(demoTestCards.declined) && response.statusCode === 200) {
          expect(response.json()).toMatchObject({ payment: { status: 'failed' }, failureMessage: demoDeclineMessage });
        }
        if (response.statusCode === 400) expect(response.json().error.fields).toEqual({ cardNumber: demoUnknownCardMessage });
      }),
    );
  });

  it('POST /api/payments/webhook: 400 for any forged signature; a signed event is applied, or refused when it is not a Stripe event', async () => {
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
          expectApiError(forged, 400, 'BAD_REQUEST');
          const body = JSON.stringify(signed) ?? 'null';
          const response = await service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: signedHeaders(body), payload: body });
          if (stripeWebhookEventSchema.safeParse(JSON.parse(wellFormed(body))).success) {
            expect(response.statusCode, response.body).toBe(200);
            expect(response.json()).toEqual({ received: true, outcome: expect.toBeOneOf([...webhookOutcomes]) });
          } else {
            expectApiError(response, 400, 'BAD_REQUEST');
          }
        }
      }),
    );
  });

  it('GET /api/payments/:id and the staff list with any path and query: 400 when malformed, else 404 or the page', async () => {
    const query = fc.dictionary(fc.constantFrom('status', 'provider', 'from', 'to', 'page', 'pageSize', 'x'), text, { maxKeys: 6 });
    // '.' and '..' are path segments that name other routes, not ids.
    const id = text.filter((candidate) => !['.', '..'].includes(wellFormed(candidate)));
    await fc.assert(
      fc.asyncProperty(id, query, async (paymentIntentId, params) => {
        for (const service of services()) {
          const sentId = wellFormed(paymentIntentId);
          const one = await service.app.inject({ method: 'GET', url: `/api/payments/${encodeURIComponent(sentId)}` });
          // No intent with a random id exists, so a well-formed one is not found.
          if (paymentIntentIdSchema.safeParse(sentId).success) expectApiError(one, 404, 'NOT_FOUND');
          else expectApiError(one, 400, 'VALIDATION_ERROR');

          const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, wellFormed(value)] as [string, string]));
          const list = await service.app.inject({ method: 'GET', url: `/api/payments?${search}`, headers: { authorization: service.bearer({ sub: 'admin:1', role: 'admin' }) } });
          if (!findUnsafeText(Object.fromEntries(search)) && paymentListQuerySchema.safeParse(Object.fromEntries(search)).success) {
            expect(list.statusCode, list.body).toBe(200);
            expect(list.json()).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
          } else {
            expectApiError(list, 400, 'VALIDATION_ERROR');
          }
        }
      }),
    );
  });
});
