import { z } from 'zod';
import { defaultServicePorts } from '@repo/contracts';
import { baseEnvSchema, ed25519PublicKey } from '@repo/service-kit';

export const paymentsEnvSchema = baseEnvSchema(defaultServicePorts.payments)
  .extend({
    /** With a key set Stripe is used and the demo provider is unreachable; without one the demo provider takes payments. */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)').optional(),
    /** Signing secret of the webhook endpoint; POST /api/payments/webhook exists only when it is set. */
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'must start with whsec_').optional(),
    /** Where the Stripe API is reached; only for tests and stripe-mock (default https://api.stripe.com). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
    PAYMENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
    /** Florida's state sales tax on taxable invoice lines, in basis points (600 = 6%). */
    INVOICE_STATE_TAX_BPS: z.coerce.number().int().min(0).max(5000).default(600),
    /** The county's discretionary surtax (St Johns County: 0.5%), in basis points. */
    INVOICE_SURTAX_BPS: z.coerce.number().int().min(0).max(5000).default(50),
    /** The surtax applies to this much of each taxable line at most, in cents ($5,000). */
    INVOICE_SURTAX_CAP_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(500_000),
    /** Days from sending an invoice to its due date; past it an unpaid invoice is overdue. */
    INVOICE_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    /** Whether a customer may pay part of an invoice's balance online; otherwise Pay balance takes exactly the balance. */
    INVOICE_PARTIAL_PAYMENTS: z.enum(['true', 'false']).default('false'),
    /** Booking's key that appointment links are verified with: a manage link then opens its visit's estimate PDF. Without it, only a session does. */
    LINK_PUBLIC_KEY: ed25519PublicKey("booking's key that appointment links are verified with").optional(),
  })
  .superRefine((env, context) => {
    // Without webhooks a payer who closes the tab before the success page would leave the ledger pending forever.
    if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required in production when STRIPE_SECRET_KEY is set' });
    }
  });
export type PaymentsEnv = z.infer<typeof paymentsEnvSchema>;
