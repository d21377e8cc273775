import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import type { PaymentsDatabase } from '../src/db/schema.ts';
import { paymentsService } from '../src/definition.ts';

export type PaymentsTestService = TestService<PaymentsDatabase>;

/** Limits high enough that no test meets a 429 by accident. */
const generousLimits = { PAYMENT_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' };

export const startPayments = (env: Record<string, string> = {}) => createTestService(paymentsService, { ...generousLimits, ...env });

export const webhookSecret = 'whsec_test_secret_for_payments_tests';

export type StripeRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };
export type StripeAnswer = { status: number; body: unknown; headers?: Record<string, string> };
type Intent = { id: string; object: 'payment_intent'; amount: number; currency: string; status: string; client_secret: string; description: string; metadata: Record<string, string>; receipt_email: string | null; last_payment_error: { message: string } | null };

/**
 * A local HTTP server that speaks the slice of Stripe's API the service uses (form-encoded requests, JSON answers,
 * idempotent replays), reached through stripe-node's host/port/protocol options. `answer` overrides the next answers.
 */
export class FakeStripe {
  readonly requests: StripeRequest[] = [];
  readonly intents = new Map<string, Intent>();
  /** Intents whose charge is disputed: Stripe refuses to refund them. */
  readonly disputed = new Set<string>();
  readonly refunds = new Map<string, { id: string; object: 'refund'; amount: number; payment_intent: string; status: string; metadata: Record<string, string> }>();
  /** Answers to give, in order, before the normal behaviour resumes; `'hang'` never answers. */
  readonly queued: (StripeAnswer | 'hang')[] = [];
  private readonly replays = new Map<string, StripeAnswer>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, form: new URLSearchParams(raw) };
        this.requests.push(request);
        const answer = this.answer(request);
        if (answer === 'hang') return;
        res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}`, ...answer.headers });
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.queued.length = 0;
  }

  private answer(request: StripeRequest): StripeAnswer | 'hang' {
    const queued = this.queued.shift();
    if (queued) return queued;
    if (request.method === 'POST' && request.path === '/v1/payment_intents') return this.create(request);
    if (request.method === 'POST' && request.path === '/v1/refunds') return this.refund(request);
    const match = /^\/v1\/payment_intents\/(\w+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const intent = this.intents.get(match[1]!);
      return intent ? { status: 200, body: intent } : stripeError(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`);
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path}).`);
  }

  /** Stripe's refund: of a known intent, at most what is left of it, replayed for a repeated idempotency key. */
  private refund(request: StripeRequest): StripeAnswer {
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? this.replays.get(key) : undefined;
    if (replay) return replay;
    const paymentIntent = request.form.get('payment_intent') ?? '';
    const intent = this.intents.get(paymentIntent);
    if (!intent) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${paymentIntent}'`);
    if (this.disputed.has(paymentIntent)) return stripeError(400, 'invalid_request_error', 'Charge has been disputed.');
    const amount = Number(request.form.get('amount') ?? intent.amount);
    const refunded = [...this.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
    if (amount > intent.amount - refunded) {
      return stripeError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`);
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of request.form) {
      const field = /^metadata\[(\w+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const refund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund' as const, amount, payment_intent: paymentIntent, status: 'succeeded', metadata };
    this.refunds.set(refund.id, refund);
    const answer = { status: 200, body: refund };
    if (typeof key === 'string') this.replays.set(key, answer);
    return answer;
  }

  private create(request: StripeRequest): StripeAnswer {
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? this.replays.get(key) : undefined;
    if (replay) return replay;
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [name, value] of request.form) {
      const field = /^metadata\[(\w+)\]$/.exec(name);
      if (field) metadata[field[1]!] = value;
    }
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(request.form.get('amount')),
      currency: request.form.get('currency') ?? '',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: request.form.get('description') ?? '',
      metadata,
      receipt_email: request.form.get('receipt_email'),
      last_payment_error: null,
    };
    this.intents.set(id, intent);
    const answer = { status: 200, body: intent };
    if (typeof key === 'string') this.replays.set(key, answer);
    return answer;
  }
}

export const stripeError = (status: number, type: string, message: string): StripeAnswer => ({ status, body: { error: { type, message } } });

/** A port nothing listens on: Stripe "unreachable". */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const stripe = new Stripe('sk_test_only_used_for_signing');

export type EventOptions = { id?: string; created?: number; lastPaymentError?: string };

/** A Stripe event about a payment intent, as Stripe would send it. */
export function intentEvent(type: string, paymentIntentId: string, { id, created, lastPaymentError }: EventOptions = {}) {
  return {
    id: id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        last_payment_error: lastPaymentError ? { message: lastPaymentError, type: 'card_error' } : null,
      },
    },
  };
}

/** Stripe's `charge.refunded` for the charge of a payment intent, refunded `amountRefunded` cents so far in all. */
export function chargeRefundedEvent(paymentIntentId: string, amountRefunded: number, { id, created }: EventOptions = {}) {
  const event = intentEvent('charge.refunded', paymentIntentId, { ...(id ? { id } : {}), ...(created ? { created } : {}) });
  return {
    ...event,
    data: { object: { id: `ch_${randomBytes(12).toString('hex')}`, object: 'charge', payment_intent: paymentIntentId, amount_refunded: amountRefunded, refunded: false } },
  };
}

/** Headers of a webhook delivery signed with `secret` at `timestamp` (seconds), made by stripe-node itself. */
export function signedHeaders(payload: string, { secret = webhookSecret, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
  return { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature };
}

export function deliver(service: PaymentsTestService, event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return service.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: signedHeaders(payload, options), payload });
}
