import { customerDeletionCompletedEffect, customerDeletionCompletedTopic, deletionServices, technicianChangedEffect, technicianChangedTopic } from '@repo/contracts';
import { createEffects, createService, effectHandler, effectsReceiver, EnvError, SessionCheckUnavailableError, type SessionStore } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import { jobberCallbackPath, localAppOrigin } from '@repo/contracts';
import { systemUrls } from '@repo/field-service';
import { migrations } from './db/migrations/index.ts';
import type { AccountsDatabase } from './db/schema.ts';
import { sessionPolicy } from './domain/session-policy.ts';
import { accountsEnvSchema, type AccountsEnv } from './env.ts';
import { fieldServiceAccess } from './domain/field-service.ts';
import type { JobberSettings } from './domain/jobber-settings.ts';
import { publicOnlyFetch } from './domain/public-address.ts';
import type { ConnectionSettingsContext } from './domain/field-service-settings.ts';
import { developmentCredentialsKey, parseCredentialsKey, secretBox } from './domain/secret-box.ts';
import { accountsOutgoing } from './domain/outgoing.ts';
import { accountsJobs } from './jobs/index.ts';
import { adminRoutes } from './routes/admin.ts';
import { jobberConnectionRoutes } from './routes/jobber-connection.ts';
import { authRoutes } from './routes/auth.ts';
import { customerImportRoutes } from './routes/customer-import.ts';
import { internalRoutes } from './routes/internal.ts';
import { staffAccountRoutes } from './routes/staff-accounts.ts';
import { technicianAccountRoutes } from './routes/technician-accounts.ts';
import { countImportJobsByStatus } from './repositories/import-job-repository.ts';
import { seedDemoData } from './seed.ts';
import { checkSessions } from './use-cases/check-sessions.ts';
import type { AccountsContext } from './use-cases/context.ts';
import { ensureAdministrator } from './use-cases/ensure-administrator.ts';
import { recordTechnicianState } from './use-cases/record-technician-state.ts';
import { storedJobberTokens } from './use-cases/jobber-connection.ts';
import { currentConnection } from './use-cases/field-service-settings.ts';
import { systemConnections } from './use-cases/field-service-for-booking.ts';
import { fieldServiceSettingsRoutes } from './routes/field-service-settings.ts';
import { ownerDataRoutes } from './routes/owner-data.ts';
import { recordDeletionCompleted } from './use-cases/customer-deletion.ts';

export const accountsService: ServiceDefinition<AccountsEnv, AccountsDatabase> = {
  name: 'accounts',
  envSchema: accountsEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const trusted = env.TRUSTED_SERVICE_KEYS ?? {};
    if (Object.keys(trusted).length === 0) {
      throw new EnvError('accounts', ["TRUSTED_SERVICE_KEYS is required (e.g. booking=<booking's SERVICE_KEY>,…): accounts answers the other services' session checks"]);
    }
    // The jobs read the context when they run; the context holds the effects that send them.
    const effects = createEffects({ service: 'accounts', database, env, outgoing: accountsOutgoing, jobs: accountsJobs(() => ctx) });
    const urls = systemUrls(env);
    const connectorOptions = { timeoutMs: env.FIELD_SERVICE_TIMEOUT_MS };
    const jobber: JobberSettings = {
      // The environment check refuses production without a key; elsewhere the public development key stands in.
      box: secretBox(parseCredentialsKey(env.FIELD_SERVICE_CREDENTIALS_KEY ?? developmentCredentialsKey)!),
      app: env.JOBBER_CLIENT_ID && env.JOBBER_CLIENT_SECRET ? { clientId: env.JOBBER_CLIENT_ID, clientSecret: env.JOBBER_CLIENT_SECRET, tokenUrl: env.JOBBER_OAUTH_TOKEN_URL } : null,
      authorizeUrl: env.JOBBER_OAUTH_AUTHORIZE_URL,
      redirectUrl: env.JOBBER_OAUTH_REDIRECT_URL ?? `${localAppOrigin('backoffice')}${jobberCallbackPath}`,
      urls: urls.jobber,
      options: connectorOptions,
      seed: env.JOBBER_API_KEY ? { accessToken: env.JOBBER_API_KEY, refreshToken: env.JOBBER_REFRESH_TOKEN ?? null } : null,
      sandbox: env.FIELD_SERVICE_SANDBOX,
    };
    const jobberTokens = storedJobberTokens({ db: database.db, now: runtime.now, jobber });
    // Test connection answers a person who is waiting: each of its two requests gets at most 15 s.
    const publicUrlsOnly = !env.FIELD_SERVICE_SANDBOX && (env.FIELD_SERVICE_TYPED_URLS ?? (env.NODE_ENV === 'production' ? 'public' : 'any')) === 'public';
    const connections: ConnectionSettingsContext = {
      box: jobber.box,
      environment: env,
      options: connectorOptions,
      publicUrlsOnly,
      typedOptions: publicUrlsOnly ? { ...connectorOptions, fetch: publicOnlyFetch() } : connectorOptions,
      checkTimeoutMs: Math.min(env.FIELD_SERVICE_TIMEOUT_MS, 15_000),
    };
    const settings = { db: database.db, now: runtime.now, connections };
    const current = currentConnection(settings, jobberTokens);
    const ctx: AccountsContext = {
      db: database.db,
      now: runtime.now,
      sessions: sessionPolicy(env),
      throttle: {
        maxFailures: env.LOGIN_ACCOUNT_MAX_FAILURES,
        clientMaxFailures: env.LOGIN_CLIENT_MAX_FAILURES,
        windowMs: env.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
      },
      // The administrator's saved connection, else the environment's values; a connector only when all are set.
      fieldService: fieldServiceAccess({ system: env.FIELD_SERVICE_SYSTEM, sandbox: env.FIELD_SERVICE_SANDBOX, current }),
      systems: systemConnections({ ...settings, jobber }, jobberTokens, { system: env.FIELD_SERVICE_SYSTEM, current }),
      connections,
      jobber,
      jobberTokens,
      jobs: effects,
      effects,
    };
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdministrator(ctx, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    // Accounts checks sessions in its own database, with no cache: a logout here is refused here at once. A database
    // it cannot read means it cannot tell, so signed-in calls get the kit's 503 rather than a 500.
    const sessions: SessionStore = {
      activeSessions: async (sids) => {
        try {
          return await checkSessions(ctx, sids);
        } catch (err) {
          throw new SessionCheckUnavailableError('the sessions table could not be read', { cause: err });
        }
      },
    };
    const app = await createService({ name: 'accounts', env, runtime, ready: database.ping, limitsDb: database.db, sessions, sessionSigningKey: env.JWT_PRIVATE_KEY });
    await app.register(effects.plugin);
    app.metrics.gaugeOnScrape({
      name: 'accounts_import_jobs',
      help: 'Customer history imports by status (running, succeeded, failed).',
      labelNames: ['status'],
      read: async () => (await countImportJobsByStatus(database.db)).map((row) => ({ labels: { status: row.status }, value: Number(row.count) })),
    });
    await app.register(authRoutes, { ctx, env });
    await app.register(adminRoutes, { ctx });
    await app.register(jobberConnectionRoutes, { ctx });
    await app.register(fieldServiceSettingsRoutes, { ctx });
    await app.register(customerImportRoutes, { ctx });
    await app.register(staffAccountRoutes, { ctx });
    await app.register(technicianAccountRoutes, { ctx });
    await app.register(ownerDataRoutes, { ctx });
    await app.register(internalRoutes, { ctx, trusted });
    await app.register(effectsReceiver<AccountsDatabase>, {
      service: 'accounts',
      db: database.db,
      env,
      handlers: {
        [technicianChangedTopic]: effectHandler({ from: ['tracking'], schema: technicianChangedEffect, apply: (trx, technician) => recordTechnicianState(ctx, trx, technician) }),
        // Each service's report that it erased a customer (requires its key in TRUSTED_SERVICE_KEYS, as its session checks do).
        [customerDeletionCompletedTopic]: effectHandler({ from: [...deletionServices], schema: customerDeletionCompletedEffect, apply: (trx, report, meta) => recordDeletionCompleted(trx, report, meta.from) }),
      },
    });
    seedWhenReady(app, env, () => seedDemoData(ctx, env, effects));
    return app;
  },
};
