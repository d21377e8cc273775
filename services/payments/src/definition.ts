import { randomBytes } from 'node:crypto';
import { createService, noDeliveries } from '@repo/service-kit';
import type { ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { PaymentsDatabase } from './db/schema.ts';
import { demoProvider, type DemoProvider } from './domain/provider.ts';
import { stripeProvider } from './domain/stripe-provider.ts';
import { paymentsEnvSchema, type PaymentsEnv } from './env.ts';
import { demoRoutes } from './routes/demo.ts';
import { paymentRoutes } from './routes/payments.ts';
import { webhookRoutes } from './routes/webhook.ts';
import type { PaymentsContext } from './use-cases/context.ts';

export const paymentsService: ServiceDefinition<PaymentsEnv, PaymentsDatabase> = {
  name: 'payments',
  envSchema: paymentsEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'payments', env, runtime, ready: database.ping, limitsDb: database.db });
    const { db } = database;
    const { now } = runtime;
    // With a Stripe key the demo provider is never built and its confirm route never registered.
    let ctx: PaymentsContext;
    if (env.STRIPE_SECRET_KEY) {
      ctx = { db, now, provider: stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL, timeoutMs: env.STRIPE_TIMEOUT_MS, log: app.log }) };
    } else {
      // Keyed by payments' own secret (SERVICE_KEY, which every replica shares); without one, by a key of this process.
      const demo: PaymentsContext<DemoProvider> = { db, now, provider: demoProvider({ secret: env.SERVICE_KEY ?? randomBytes(32).toString('base64url') }) };
      await app.register(demoRoutes, { ctx: demo, env });
      app.log.info('payments use the demo provider: no card is charged (set STRIPE_SECRET_KEY to take real payments)');
      if (!env.SERVICE_KEY) app.log.warn('SERVICE_KEY is not set: demo payments started here cannot be confirmed by another replica or after a restart');
      ctx = demo;
    }
    await app.register(paymentRoutes, { ctx, env });
    await app.register(noDeliveries('payments'));
    if (env.STRIPE_WEBHOOK_SECRET) await app.register(webhookRoutes, { ctx, secret: env.STRIPE_WEBHOOK_SECRET });
    return app;
  },
};
