import { z } from 'zod';
import { businessDateSchema } from './appointments.ts';
import { payment } from './constants.ts';
import { strictQueryNumber } from './safe-input.ts';

/** Whole cents of a dollar amount; floating-point noise (189.5 * 100 = 18949.999…) is rounded away. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

export const paymentAmountSchema = z
  .number({ error: 'Amount must be a number' })
  .min(payment.minAmount, 'Amount must be at least $1.00')
  .max(payment.maxAmount, 'Amount must be at most $10,000.00')
  .refine((value) => Math.abs(amountToCents(value) - value * 100) < 1e-6, 'Amount can have at most two decimals');

export const paymentDescriptionMax = 200;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]+/g;
const loneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Free text as one clean line: control characters (which a database text column or a form-encoded provider call
 * cannot carry, NUL above all) become spaces and broken UTF-16 becomes U+FFFD.
 */
export function singleLineText(value: string): string {
  return value.replace(controlCharacters, ' ').replace(loneSurrogates, '\ufffd').trim();
}

export const paymentReferenceMax = 40;
export const paymentMessages = {
  payerEmail: 'Enter a valid email address for the receipt, or leave it empty',
  reference: `A reference has at most ${paymentReferenceMax} letters, digits, spaces and - / # . characters, like INV-1042 or SA-7KQ2MZ`,
} as const;

/** Optional text fields: absent, empty or blank all mean "not given" (undefined). */
const optionalField = <T extends z.ZodType<unknown, string>>(schema: T, message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .pipe(schema.optional());

export const createPaymentIntentRequestSchema = z.object({
  amount: paymentAmountSchema,
  description: z
    .string({ error: 'Description must be text' })
    .max(paymentDescriptionMax, `Description must be at most ${paymentDescriptionMax} characters`)
    .optional()
    .transform((value) => (value === undefined ? '' : singleLineText(value)) || payment.defaultDescription),
  /** Where the provider sends its receipt (Stripe's receipt_email); optional. */
  payerEmail: optionalField(z.email({ error: paymentMessages.payerEmail }).max(254, paymentMessages.payerEmail), paymentMessages.payerEmail),
  /** The invoice number or appointment confirmation code the payment settles, so the business can match it; optional. */
  reference: optionalField(
    z.string().max(paymentReferenceMax, paymentMessages.reference).regex(/^[A-Za-z0-9][A-Za-z0-9 #./-]*$/, paymentMessages.reference),
    paymentMessages.reference,
  ),
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;
export type CreatePaymentIntentParsed = z.output<typeof createPaymentIntentRequestSchema>;

/** Optional header: a retried request with the same key answers the same intent instead of making a second one. */
export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, 'Idempotency-Key must be 8 to 200 letters, digits, - or _')
    .optional(),
});

export const paymentProviders = ['stripe', 'demo'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProviderName = (typeof paymentProviders)[number];

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Which card form the page shows: Stripe's Payment Element, or the labelled demo form. */
  provider: paymentProviderSchema,
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/**
 * The ledger's view of an intent. `failed` means the last attempt was declined; the customer may still pay with the
 * same intent, so only `succeeded` and `canceled` are final.
 */
export const paymentStatuses = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = (typeof paymentStatuses)[number];
export const finalPaymentStatuses: readonly PaymentStatus[] = ['succeeded', 'canceled'];

/** What anyone holding an intent id may see: enough for the confirmation page, nothing about the payer. */
export const publicPaymentSchema = z.object({
  paymentIntentId: z.string(),
  status: paymentStatusSchema,
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** The payer's own invoice or appointment reference (INV-1042), when they gave one. */
  reference: z.string().nullable(),
  /** Whether a receipt is emailed for it: the payer gave an address and the payment succeeded. */
  receiptEmailed: z.boolean(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

export const paymentIntentIdSchema = z
  .string({ error: 'Payment id is required' })
  .min(3, 'Payment id is malformed')
  .max(255, 'Payment id is malformed')
  .regex(/^[A-Za-z0-9_]+$/, 'Payment id is malformed');
export const paymentIntentParamsSchema = z.object({ paymentIntentId: paymentIntentIdSchema });

export const paymentListQuerySchema = z
  .object({
    status: paymentStatusSchema.optional(),
    provider: paymentProviderSchema.optional(),
    /** Created on or after this business date (America/New_York). */
    from: businessDateSchema.optional(),
    /** Created on or before this business date (America/New_York). */
    to: businessDateSchema.optional(),
    /** The payer's invoice or appointment reference, matched whole and case-insensitively. */
    reference: z.string().trim().min(1, paymentMessages.reference).max(paymentReferenceMax, paymentMessages.reference).optional(),
    page: strictQueryNumber(z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000, 'Page must be at most 10000')).default(1),
    pageSize: strictQueryNumber(z.number({ error: 'Page size must be a number' }).int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(100, 'Page size must be at most 100')).default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export type PaymentListFilters = z.output<typeof paymentListQuerySchema>;

export const paymentListItemSchema = publicPaymentSchema.extend({
  id: z.number().int(),
  provider: paymentProviderSchema,
  /** The provider's message for the last declined attempt, for staff answering a customer's call. */
  failureMessage: z.string().nullable(),
  /** What the payer gave to match the payment: the receipt address and their invoice or appointment reference. */
  payerEmail: z.string().nullable(),
  reference: z.string().nullable(),
  /** Dollars given back on it (staff refunds, or an invoice overpaid), 0 when none. */
  refunded: z.number(),
  updatedAt: z.string(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

export const paymentListResponseSchema = z.object({
  items: z.array(paymentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * Demo provider: the embedded default without Stripe keys. No card is charged; two documented test cards decide
 * the outcome.
 * ------------------------------------------------------------------------------------------------------------- */

export const demoTestCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;
export const demoDeclineMessage = 'Your card was declined. (Demo test card 4000 0000 0000 0002 is always declined.)';
export const demoUnknownCardMessage = `Demo mode takes only the test cards ${demoTestCards.succeeds} (pays) and ${demoTestCards.declined} (declined)`;

/** Digits of a card number as typed, spaces and dashes allowed. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export const demoConfirmRequestSchema = z.object({
  paymentIntentId: paymentIntentIdSchema,
  clientSecret: z.string({ error: 'Client secret is required' }).min(1, 'Client secret is required').max(500, 'Client secret is malformed'),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .max(40, 'Card number is too long')
    .refine((value) => cardDigits(value).length > 0, 'Card number is required')
    .refine((value) => /^\d{12,19}$/.test(cardDigits(value)), 'Card number must be 12 to 19 digits'),
});
export type DemoConfirmRequest = z.infer<typeof demoConfirmRequestSchema>;

/** A decline is an answer, not an error (as with Stripe.js): the payment shows `failed` and the message says why. */
export const demoConfirmResponseSchema = z.object({
  payment: publicPaymentSchema,
  failureMessage: z.string().nullable(),
});
export type DemoConfirmResponse = z.infer<typeof demoConfirmResponseSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * Stripe webhooks: the part of an event the service reads. Everything else in the event is ignored.
 * ------------------------------------------------------------------------------------------------------------- */

export const handledWebhookEvents = {
  'payment_intent.processing': 'processing',
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
} as const satisfies Record<string, PaymentStatus>;
export type HandledWebhookEvent = keyof typeof handledWebhookEvents;
/** A charge's refunds so far, made here or in Stripe's dashboard: reconciled with the ledger (see payments' README). */
export const chargeRefundedEvent = 'charge.refunded';

const stripeIdSchema = z.string().min(1).max(255).regex(/^[A-Za-z0-9_]+$/);

export const stripeWebhookEventSchema = z.object({
  id: stripeIdSchema,
  type: z.string().min(1).max(255),
  /** Seconds since the epoch at which Stripe made the event (at most the year 9999). */
  created: z.number().int().nonnegative().max(253_402_300_799),
  data: z.object({
    object: z.object({
      id: stripeIdSchema,
      object: z.string().optional(),
      /** On a charge (`charge.refunded`): the payment intent it belongs to, and how much of it is refunded so far. */
      payment_intent: stripeIdSchema.nullable().optional(),
      amount_refunded: z.number().int().nonnegative().max(99_999_999).optional(),
      last_payment_error: z
        .object({
          // Text columns cannot hold NUL; a provider message is shown to staff, so it is kept short.
          message: z.string().transform((message) => singleLineText(message).slice(0, 500)).optional(),
        })
        .nullable()
        .optional(),
    }),
  }),
});
export type StripeWebhookEvent = z.infer<typeof stripeWebhookEventSchema>;

/** `applied`: the status changed; `stale`: an older or weaker event after a newer one; `duplicate`: seen before. */
export const webhookOutcomes = ['applied', 'stale', 'duplicate', 'ignored'] as const;
export const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.enum(webhookOutcomes) });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
