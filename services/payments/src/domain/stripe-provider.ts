import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { conflict, unavailable, type DomainError } from '@repo/service-kit';
import type { PaymentProvider, ProviderStatus } from './provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  /** Another address for the Stripe API (tests, stripe-mock); https://api.stripe.com when absent. */
  apiUrl?: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
};

const tryAgainLater = 'Online payment is unavailable right now. Please try again in a few minutes or call us to pay by phone.';

/**
 * What a person can do about a failed Stripe call. Nothing here is a 500: an unreachable, failing, throttling or
 * misconfigured Stripe is a 503 the payer can retry (and staff see in the log); a reused idempotency key is a 409.
 */
export function stripeFailure(error: unknown, log: FastifyBaseLogger): DomainError {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return conflict('This payment request was already used for a different amount. Start a new payment.');
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    log.warn({ err: error }, 'Stripe is unreachable');
    return unavailable('We could not reach our payment provider. Please try again in a few minutes or call us to pay by phone.');
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    log.warn({ err: error }, 'Stripe is throttling requests');
    return unavailable('Our payment provider is busy. Please try again in a minute.');
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    log.error({ err: error }, 'Stripe refused the secret key: check STRIPE_SECRET_KEY');
    return unavailable(tryAgainLater);
  }
  log.error({ err: error }, 'Stripe call failed');
  return unavailable(tryAgainLater);
}

/** Stripe's intent statuses in the ledger's words. */
export function ledgerStatus(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): ProviderStatus {
  const failureMessage = intent.last_payment_error?.message ?? null;
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', failureMessage: null };
    case 'canceled':
      return { status: 'canceled', failureMessage: null };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', failureMessage: null };
    case 'requires_payment_method':
      // After a declined attempt Stripe asks for another payment method and keeps the error.
      return intent.last_payment_error ? { status: 'failed', failureMessage } : { status: 'pending', failureMessage: null };
    default:
      return { status: 'pending', failureMessage: null };
  }
}

function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe PaymentIntents in US cents with automatic payment methods. */
export function stripeProvider({ secretKey, apiUrl, timeoutMs, log }: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, {
    ...apiAddress(apiUrl),
    timeout: timeoutMs,
    // One retry; stripe-node resends the same Idempotency-Key, so a retry never makes a second intent.
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'st-augustine-appliance-repair-payments' },
  });
  return {
    name: 'stripe',
    async createIntent({ amountCents, description, idempotencyKey, metadata, receiptEmail }) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            automatic_payment_methods: { enabled: true },
            description,
            metadata,
            ...(receiptEmail ? { receipt_email: receiptEmail } : {}),
          },
          { idempotencyKey },
        );
      } catch (error) {
        throw stripeFailure(error, log);
      }
      if (!intent.client_secret) {
        log.error({ paymentIntentId: intent.id }, 'Stripe answered an intent without a client secret');
        throw unavailable(tryAgainLater);
      }
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async refund({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents, metadata }, { idempotencyKey });
      } catch (error) {
        // Stripe's own refusal (already refunded, amount too large, charge disputed) is final; anything else is retried.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          log.warn({ err: error, paymentIntentId }, 'Stripe refused a refund');
          return { id: '', status: 'failed', failureMessage: error.message };
        }
        throw stripeFailure(error, log);
      }
      // A card refund is pending until the card network takes it and cannot be taken back by us: the money is on its way.
      if (refund.status === 'failed' || refund.status === 'canceled') return { id: refund.id, status: 'failed', failureMessage: refund.failure_reason ?? 'The refund failed.' };
      return { id: refund.id, status: 'succeeded', failureMessage: null };
    },
    async retrieveStatus(paymentIntentId) {
      try {
        return ledgerStatus(await stripe.paymentIntents.retrieve(paymentIntentId));
      } catch (error) {
        throw stripeFailure(error, log);
      }
    },
  };
}
