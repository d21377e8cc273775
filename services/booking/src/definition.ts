import type { ServiceDefinition } from '@repo/service-kit/main';
import { createService } from '@repo/service-kit';
import type { BookingDatabase } from './db/schema.ts';
import { migrations } from './db/migrations/index.ts';
import { bookingEnvSchema, type BookingEnv } from './env.ts';
import { appointmentRoutes } from './routes/appointments.ts';
import { customerRoutes } from './routes/customer.ts';
import { seedDemoData } from './seed.ts';

export const bookingService: ServiceDefinition<BookingEnv, BookingDatabase> = {
  name: 'booking',
  envSchema: bookingEnvSchema,
  migrations,
  seed: seedDemoData,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'booking', env, ready: database.ping });
    await app.register(appointmentRoutes, { db: database.db, env, now: runtime.now });
    await app.register(customerRoutes, { db: database.db });
    return app;
  },
};
