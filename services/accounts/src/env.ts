import { z } from 'zod';
import { baseEnvSchema } from '@repo/service-kit';

export const accountsEnvSchema = baseEnvSchema(3002).extend({
  /** The first administrator, created at start-up when no staff account has this email. */
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Password of the demo customer (demo@example.com) seeded with SEED_DEMO=true. */
  DEMO_CUSTOMER_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('demo-customer'),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
});
export type AccountsEnv = z.infer<typeof accountsEnvSchema>;
