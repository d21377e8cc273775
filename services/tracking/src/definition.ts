import websocket from '@fastify/websocket';
import { createService } from '@repo/service-kit';
import { seedWhenReady, type ServiceDefinition } from '@repo/service-kit/main';
import { migrations } from './db/migrations/index.ts';
import type { TrackingDatabase } from './db/schema.ts';
import { LiveHub } from './domain/live-hub.ts';
import { trackingEnvSchema, type TrackingEnv } from './env.ts';
import { technicianRoutes } from './routes/technicians.ts';
import { seedDemoData } from './seed.ts';

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
    await app.register(technicianRoutes, { ctx: { db: database.db, hub, now: runtime.now } });
    seedWhenReady(app, env, () => seedDemoData(database.db));
    return app;
  },
};
