import type { ServiceDefinition } from '@repo/service-kit/main';
import { createService } from '@repo/service-kit';
import type { BookingDatabase } from './db/schema.ts';
import { migrations } from './db/migrations/index.ts';
import { bookingEnvSchema, type BookingEnv } from './env.ts';
import { appointmentRoutes } from './routes/appointments.ts';
import { customerRoutes } from './routes/customer.ts';
import { seedDemoData } from './seed.ts';
import { bookingContext } from './use-cases/context.ts';

export const bookingService: ServiceDefinition<BookingEnv, BookingDatabase> = {
  name: 'booking',
  envSchema: bookingEnvSchema,
  migrations,
  seed: seedDemoData,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'booking', env, ready: database.ping });
    const ctx = bookingContext(database.db, env, runtime.now);
    await app.register(appointmentRoutes, { ctx, env });
    await app.register(customerRoutes, { ctx });
    return app;
  },
};
