import { describe, expect, it } from 'vitest';
import { loadEnv } from '@repo/service-kit';
import { envProblems, testKeyEnv } from '@repo/service-kit/test-service';
import { paymentsEnvSchema } from '../src/env.ts';

const base = testKeyEnv;
const load = (env: Record<string, string>) => loadEnv('payments', paymentsEnvSchema, { ...base, ...env });
const problems = (env: Record<string, string>) => envProblems('payments', paymentsEnvSchema, env);

describe('payments environment', () => {
  it('runs the demo provider with no Stripe variables', () => {
    const env = load({});
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env).toMatchObject({ STRIPE_TIMEOUT_MS: 10_000, PAYMENT_RATE_LIMIT_MAX: 20 });
  });

  it('names every malformed Stripe variable', () => {
    expect(problems({ STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'secret', STRIPE_API_URL: 'ftp://stripe' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY must be a Stripe secret key/),
      'STRIPE_WEBHOOK_SECRET must start with whsec_',
      'STRIPE_API_URL must be an http(s):// URL',
    ]);
  });

  it('needs the webhook secret with a Stripe key in production, not in development', () => {
    expect(problems({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.2', STRIPE_SECRET_KEY: 'sk_live_abc' })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set',
    ]);
    expect(problems({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.2', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual([]);
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([]);
  });
});
