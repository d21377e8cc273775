import { createService } from '@repo/service-kit';
import type { ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { PaymentsDatabase } from './db/schema.ts';
import { demoProvider } from './domain/provider.ts';
import { paymentsEnvSchema, type PaymentsEnv } from './env.ts';
import { paymentRoutes } from './routes/payments.ts';

export const paymentsService: ServiceDefinition<PaymentsEnv, PaymentsDatabase> = {
  name: 'payments',
  envSchema: paymentsEnvSchema,
  migrations,
  build: async (env, database) => {
    const app = await createService({ name: 'payments', env, ready: database.ping });
    await app.register(paymentRoutes, { db: database.db, env, provider: demoProvider() });
    return app;
  },
};
