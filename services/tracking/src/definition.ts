import { appointmentDispatchEffect, appointmentDispatchTopic, customerDeletionRequestedEffect, customerDeletionRequestedTopic } from '@repo/contracts';
import { appointmentLinkReader, createEffects, createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { TrackingDatabase } from './db/schema.ts';
import { serviceAreaGeocoder } from './domain/geocoder.ts';
import { nominatimGeocoder } from './domain/nominatim-geocoder.ts';
import { osrmRouter } from './domain/osrm-router.ts';
import { trackingOutgoing } from './domain/outgoing.ts';
import { trackingEnvSchema, type TrackingEnv } from './env.ts';
import { technicianRoutes } from './routes/technicians.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { wsRoutes } from './routes/ws.ts';
import { schedules, startScheduledWork, type ScheduledWork } from './scheduled-work.ts';
import { seedDemoData } from './seed.ts';
import { applyDispatch } from './use-cases/apply-dispatch.ts';
import { driveDemoTechnician } from './use-cases/drive-demo-technician.ts';
import { eraseCustomer } from './use-cases/erase-customer.ts';
import { purgeOldPositions } from './use-cases/purge-old-positions.ts';
import type { TrackingContext } from './use-cases/context.ts';

export const trackingService: ServiceDefinition<TrackingEnv, TrackingDatabase> = {
  name: 'tracking',
  envSchema: trackingEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'tracking', env, runtime, ready: database.ping, limitsDb: database.db });
    const effects = createEffects({ service: 'tracking', database, env, outgoing: trackingOutgoing });
    await app.register(effects.plugin);
    const ctx: TrackingContext = {
      db: database.db,
      now: runtime.now,
      effects,
      readLink: appointmentLinkReader(env.LINK_PUBLIC_KEY),
      // Offline, from shipped ZIP and town data: the fallback whenever the street geocoder cannot answer.
      geocoder: serviceAreaGeocoder(),
      ...(env.GEOCODER_URL
        ? {
            streetGeocoder: nominatimGeocoder({
              url: env.GEOCODER_URL,
              userAgent: env.GEOCODER_USER_AGENT,
              email: env.GEOCODER_EMAIL,
              timeoutMs: env.GEOCODER_TIMEOUT_MS,
              minIntervalMs: env.GEOCODER_MIN_INTERVAL_MS,
            }),
          }
        : {}),
      ...(env.ROUTING_URL ? { router: osrmRouter({ url: env.ROUTING_URL, timeoutMs: env.ROUTING_TIMEOUT_MS }) } : {}),
      log: app.log,
      eta: { averageSpeedKmh: env.TRACKING_AVERAGE_SPEED_KMH, roadFactor: env.TRACKING_ROAD_FACTOR },
      visitMinutes: env.TRACKING_VISIT_MINUTES,
    };
    await app.register(technicianRoutes, { ctx });
    await app.register(trackingRoutes, { ctx });
    await app.register(wsRoutes, { ctx, env, database });
    await app.register(effectsReceiver<TrackingDatabase>, {
      service: 'tracking',
      db: database.db,
      env,
      handlers: {
        [appointmentDispatchTopic]: effectHandler({ from: ['booking'], schema: appointmentDispatchEffect, apply: (trx, snapshot) => applyDispatch(ctx, trx, snapshot) }),
        [customerDeletionRequestedTopic]: effectHandler({ from: ['accounts'], schema: customerDeletionRequestedEffect, apply: (trx, request) => eraseCustomer(trx, effects, request) }),
      },
    });
    seedWhenReady(app, env, () => seedDemoData(ctx));
    const scheduled: ScheduledWork[] = [];
    app.addHook('onReady', async () => {
      scheduled.push(startScheduledWork(ctx, { name: schedules.positionPurge, intervalMs: env.POSITION_PURGE_INTERVAL_MS, log: app.log, work: (trx) => purgeOldPositions(trx) }));
      if (env.DEMO_DRIVER === 'true') {
        scheduled.push(startScheduledWork(ctx, { name: schedules.demoDriver, intervalMs: env.DEMO_DRIVER_INTERVAL_MS, log: app.log, work: (trx) => driveDemoTechnician(ctx, trx) }));
      }
    });
    app.addHook('onClose', async () => {
      await Promise.all(scheduled.map((work) => work.stop()));
    });
    return app;
  },
};
