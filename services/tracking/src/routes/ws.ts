import websocket from '@fastify/websocket';
import type { ServiceApp } from '@repo/service-kit';
import type { Database } from '@repo/service-kit/db';
import type { TrackingDatabase } from '../db/schema.ts';
import { LiveHub } from '../domain/live-hub.ts';
import { technicianMovedChannel, trackingChangedChannel, type TechnicianMoved } from '../domain/live-channels.ts';
import type { TrackingEnv } from '../env.ts';
import type { TrackingContext } from '../use-cases/context.ts';

/** The live socket `/ws` and the database channels it relays. */
export async function wsRoutes(app: ServiceApp, { database }: { ctx: TrackingContext; env: TrackingEnv; database: Database<TrackingDatabase> }) {
  const hub = new LiveHub(app.log);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // A socket opened with a session (cookie or Authorization) closes within about a second of that session ending.
  app.get('/ws', { websocket: true, onRequest: app.optionalSession, schema: { hide: true } }, (socket, request) => {
    hub.add(socket);
    if (request.session) socket.once('close', app.sessions.watch(request.session.sid, () => socket.close(4401, 'session ended')));
  });
  const stopTracking = await database.listen(trackingChangedChannel, (appointmentId) => hub.publish({ type: 'tracking_update', appointmentId }));
  const stopMoves = await database.listen(technicianMovedChannel, (payload) => {
    const moved = JSON.parse(payload) as TechnicianMoved;
    hub.publish({ type: 'location_update', technicianId: moved.technicianId, appointmentId: null });
  });
  app.addHook('onClose', async () => {
    await stopTracking();
    await stopMoves();
  });
}
