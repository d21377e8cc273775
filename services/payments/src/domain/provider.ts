import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { cardDigits, demoDeclineMessage, demoTestCards, type PaymentProviderName, type PaymentStatus } from '@repo/contracts';

export type CreatedIntent = { id: string; clientSecret: string };
export type CreateIntentInput = {
  amountCents: number;
  description: string;
  /** The same key gives the same intent, so a retried request never makes a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** Where the provider emails its receipt (Stripe's receipt_email), when the payer gave an address. */
  receiptEmail?: string;
};
export type ProviderStatus = { status: PaymentStatus; failureMessage: string | null };

export type RefundInput = {
  paymentIntentId: string;
  amountCents: number;
  /** The same key gives the same refund, so a retried refund never pays back twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};
/** `failed`: the provider refused the refund for good (it will not be retried); anything it could not answer throws. */
export type RefundResult = { id: string; status: 'succeeded' | 'failed'; failureMessage: string | null };

/** What the service needs of a payment provider; Stripe and the demo provider both implement it. */
export type PaymentProvider = {
  name: PaymentProviderName;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Pays back part or all of a succeeded payment. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** The intent's status at the provider now, for a record no webhook has settled yet. */
  retrieveStatus?(paymentIntentId: string): Promise<ProviderStatus>;
};

export type DemoProvider = PaymentProvider & {
  name: 'demo';
  /** Whether `clientSecret` is the one handed out for this intent. */
  ownsClientSecret(paymentIntentId: string, clientSecret: string): boolean;
};

/**
 * The embedded default without Stripe keys: intents live only in our own table and no card is ever charged.
 * Ids and client secrets are HMACs under a key derived from payments' own secret, so any replica can check a client
 * secret without storing it, and a retried request (same idempotency key) gets the same intent.
 */
export function demoProvider({ secret }: { secret: string }): DemoProvider {
  const key = createHmac('sha256', secret).update('payments:demo-provider').digest();
  const mac = (label: string, value: string) => createHmac('sha256', key).update(`${label}:${value}`).digest('hex').slice(0, 24);
  const clientSecretFor = (id: string) => `${id}_secret_${mac('client-secret', id)}`;
  return {
    name: 'demo',
    async createIntent({ idempotencyKey }) {
      const id = `demo_pi_${mac('intent', idempotencyKey)}`;
      return { id, clientSecret: clientSecretFor(id) };
    },
    async refund({ idempotencyKey }) {
      // Nothing was charged, so nothing moves: the ledger records the refund as given.
      return { id: `demo_re_${mac('refund', idempotencyKey)}`, status: 'succeeded', failureMessage: null };
    },
    ownsClientSecret(paymentIntentId, clientSecret) {
      const expected = Buffer.from(clientSecretFor(paymentIntentId));
      const given = Buffer.from(clientSecret);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The card a payment was made with, as a receipt names it: the brand (Stripe's word: visa, mastercard, …) and last four. */
export type PaymentCard = { brand: string; last4: string };

export type DemoCardOutcome = { status: 'succeeded'; failureMessage: null; card: PaymentCard } | { status: 'failed'; failureMessage: string };

/** The documented test cards (both Visa numbers); any other number is refused before anything changes (undefined). */
export function demoCardOutcome(cardNumber: string): DemoCardOutcome | undefined {
  const digits = cardDigits(cardNumber);
  if (digits === cardDigits(demoTestCards.succeeds)) return { status: 'succeeded', failureMessage: null, card: { brand: 'visa', last4: digits.slice(-4) } };
  if (digits === cardDigits(demoTestCards.declined)) return { status: 'failed', failureMessage: demoDeclineMessage };
  return undefined;
}

/** A random key for a request that brought none of its own. */
export const randomIdempotencyKey = () => randomBytes(16).toString('hex');
