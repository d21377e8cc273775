import websocket from '@fastify/websocket';
import { appointmentDispatchEffect, appointmentDispatchTopic } from '@repo/contracts';
import { createEffects, createService, effectHandler, effectsReceiver } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { TrackingDatabase } from './db/schema.ts';
import { appointmentLinkReader } from './domain/appointment-link.ts';
import { LiveHub } from './domain/live-hub.ts';
import { trackingChangedChannel } from './domain/live-channels.ts';
import { trackingOutgoing } from './domain/outgoing.ts';
import { trackingEnvSchema, type TrackingEnv } from './env.ts';
import { technicianRoutes } from './routes/technicians.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { seedDemoData } from './seed.ts';
import { applyDispatch } from './use-cases/apply-dispatch.ts';
import type { TrackingContext } from './use-cases/context.ts';

export const trackingService: ServiceDefinition<TrackingEnv, TrackingDatabase> = {
  name: 'tracking',
  envSchema: trackingEnvSchema,
  migrations,
  build: async (env, database, runtime) => {
    const app = await createService({ name: 'tracking', env, ready: database.ping });
    const hub = new LiveHub(app.log);
    await app.register(websocket, { options: { maxPayload: 4096 } });
    // A socket opened with a session (cookie or Authorization) closes within about a second of that session ending.
    app.get('/ws', { websocket: true, onRequest: app.optionalSession, schema: { hide: true } }, (socket, request) => {
      hub.add(socket);
      if (request.session) socket.once('close', app.sessions.watch(request.session.sid, () => socket.close(4401, 'session ended')));
    });
    const effects = createEffects({ service: 'tracking', database, env, outgoing: trackingOutgoing });
    await app.register(effects.plugin);
    const ctx: TrackingContext = { db: database.db, hub, now: runtime.now, effects, readLink: appointmentLinkReader(app.jwt) };
    await app.register(technicianRoutes, { ctx });
    await app.register(trackingRoutes, { ctx });
    await app.register(effectsReceiver, {
      service: 'tracking',
      db: database.db,
      env,
      handlers: {
        [appointmentDispatchTopic]: effectHandler({ from: ['booking'], schema: appointmentDispatchEffect, apply: (trx, snapshot) => applyDispatch(ctx, trx, snapshot) }),
      },
    });
    // Record changes are announced through the database, so every tracking instance tells its own subscribers.
    const unlisten = await database.listen(trackingChangedChannel, (appointmentId) => hub.publish({ type: 'tracking_update', appointmentId }));
    app.addHook('onClose', async () => unlisten());
    seedWhenReady(app, env, () => seedDemoData(ctx));
    return app;
  },
};
