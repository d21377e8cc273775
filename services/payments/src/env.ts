import { z } from 'zod';
import { baseEnvSchema } from '@repo/service-kit';

export const paymentsEnvSchema = baseEnvSchema(3004).extend({
  /** With a key set Stripe is used; without one the clearly labelled demo provider takes payments. */
  STRIPE_SECRET_KEY: z.string().regex(/^sk_(test|live)_/, 'must start with sk_test_ or sk_live_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_').optional(),
  PAYMENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
});
export type PaymentsEnv = z.infer<typeof paymentsEnvSchema>;
