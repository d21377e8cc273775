import { demoCustomerSeededEffect, demoCustomerSeededTopic } from '@repo/contracts';
import { createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import type { BookingDatabase } from './db/schema.ts';
import { migrations } from './db/migrations/index.ts';
import { bookingEnvSchema, type BookingEnv } from './env.ts';
import { appointmentLinks } from './domain/appointment-links.ts';
import { appointmentPageRoutes } from './routes/appointment-page.ts';
import { appointmentRoutes } from './routes/appointments.ts';
import { customerRoutes } from './routes/customer.ts';
import { seedDemoData } from './seed.ts';
import { bookingContext } from './use-cases/context.ts';
import { linkDemoCustomer } from './use-cases/link-demo-customer.ts';

export const bookingService: ServiceDefinition<BookingEnv, BookingDatabase> = {
  name: 'booking',
  envSchema: bookingEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'booking', env, ready: database.ping });
    const links = appointmentLinks(app.jwt);
    const ctx = bookingContext({ db: database.db, rules: env, now: runtime.now, links });
    await app.register(appointmentRoutes, { ctx, env });
    await app.register(customerRoutes, { ctx });
    await app.register(appointmentPageRoutes, { ctx });
    if (env.SEED_DEMO === 'true') {
      await app.register(effectsReceiver, {
        service: 'booking',
        db: database.db,
        env,
        handlers: { [demoCustomerSeededTopic]: effectHandler({ from: ['accounts'], schema: demoCustomerSeededEffect, apply: linkDemoCustomer }) },
      });
    }
    seedWhenReady(app, env, () => seedDemoData(database.db, env, links));
    return app;
  },
};
