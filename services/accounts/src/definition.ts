import { demoCustomerSeededEffect, demoCustomerSeededTopic } from '@repo/contracts';
import { createEffects, createService } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { AccountsDatabase } from './db/schema.ts';
import { accountsEnvSchema, type AccountsEnv } from './env.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { seedDemoData } from './seed.ts';
import type { AccountsContext } from './use-cases/context.ts';
import { ensureAdministrator } from './use-cases/ensure-administrator.ts';

/** What accounts tells other services, through its outbox. */
const outgoing = { [demoCustomerSeededTopic]: { to: 'booking', schema: demoCustomerSeededEffect } } as const;

export const accountsService: ServiceDefinition<AccountsEnv, AccountsDatabase> = {
  name: 'accounts',
  envSchema: accountsEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const ctx: AccountsContext = { db: database.db, now: runtime.now };
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdministrator(ctx, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const app = await createService({ name: 'accounts', env, ready: database.ping });
    const effects = createEffects({ service: 'accounts', database, env, outgoing });
    await app.register(effects.plugin);
    await app.register(authRoutes, { ctx, env });
    await app.register(adminRoutes, { ctx });
    seedWhenReady(app, env, () => seedDemoData(ctx, env, effects));
    return app;
  },
};
