import { createEffects, createService } from '@repo/service-kit';
import type { ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { PaymentsDatabase } from './db/schema.ts';
import { paymentsOutgoing } from './domain/outgoing.ts';
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
    // Requires SERVICE_KEY (it signs what payments tells notifications) and notifications' address in PEER_URLS.
    const effects = createEffects({ service: 'payments', database, env, outgoing: paymentsOutgoing });
    await app.register(effects.plugin);
    // With a Stripe key the demo provider is never built and its confirm route never registered.
    let ctx: PaymentsContext;
    if (env.STRIPE_SECRET_KEY) {
      ctx = { db, now, effects, provider: stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL, timeoutMs: env.STRIPE_TIMEOUT_MS, log: app.log }) };
    } else {
      // Keyed by payments' own secret (SERVICE_KEY, which every replica shares and the effects above require).
      const demo: PaymentsContext<DemoProvider> = { db, now, effects, provider: demoProvider({ secret: env.SERVICE_KEY! }) };
      await app.register(demoRoutes, { ctx: demo, env });
      app.log.info('payments use the demo provider: no card is charged (set STRIPE_SECRET_KEY to take real payments)');
      ctx = demo;
    }
    await app.register(paymentRoutes, { ctx, env });
    if (env.STRIPE_WEBHOOK_SECRET) await app.register(webhookRoutes, { ctx, secret: env.STRIPE_WEBHOOK_SECRET });
    return app;
  },
};
