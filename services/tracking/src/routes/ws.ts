import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { errorCodes, wsLimits, wsMessages, wsPath } from '@repo/contracts';
import { DomainError, type ServiceApp } from '@repo/service-kit';
import type { Database } from '@repo/service-kit/db';
import type { TrackingDatabase } from '../db/schema.ts';
import { LiveHub, type LiveViewer } from '../domain/live-hub.ts';
import { readTechnicianMoved, technicianMovedChannel, trackingChangedChannel } from '../domain/live-channels.ts';
import type { TrackingEnv } from '../env.ts';
import type { TrackingContext } from '../use-cases/context.ts';
import { resolveTrackingAccess } from '../use-cases/resolve-tracking-access.ts';
import { callerOf } from './caller.ts';

/** What resolveTrackingAccess answers for someone who may not follow an appointment (404 as for a missing one, 401 for a bad link). */
const isRefusal = (err: unknown) => err instanceof DomainError && [401, 403, 404].includes(err.statusCode);

/** The socket's viewer: its session's rights (staff, customer, technician), plus the link each subscribe message may carry. */
function viewerOf(ctx: TrackingContext, request: FastifyRequest): LiveViewer {
  const caller = callerOf(request);
  return {
    staff: caller.staff,
    mayFollow: async (appointmentId, access) => {
      try {
        await resolveTrackingAccess(ctx, { ...caller, linkToken: access }, appointmentId);
        return true;
      } catch (err) {
        if (isRefusal(err)) return false;
        throw err;
      }
    },
  };
}

/**
 * Open sockets per client address (request.ip: the gateway's X-Forwarded-For is trusted). A slot is taken before the
 * upgrade, so simultaneous upgrades cannot overshoot, and given back when the connection closes, upgraded or not.
 */
function connectionLimit(max: number) {
  const open = new Map<string, number>();
  return async function limitConnections(request: FastifyRequest) {
    if (!request.ws) return;
    const address = request.ip;
    const count = open.get(address) ?? 0;
    if (count >= max) throw new DomainError(429, errorCodes.rateLimited, wsMessages.tooManyConnections);
    open.set(address, count + 1);
    request.raw.socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  };
}

/**
 * The live socket `/ws` (protocol in @repo/contracts' tracking.ts) and the database channels it relays. The upgrade
 * reads the session like any route (a bad bearer token is a 401; a visitor may connect, and follows an appointment
 * only with its link in `access`), after the per-client connection limit (429).
 */
export async function wsRoutes(app: ServiceApp, { ctx, env, database }: { ctx: TrackingContext; env: TrackingEnv; database: Database<TrackingDatabase> }) {
  const hub = new LiveHub({ log: app.log, heartbeatMs: env.WS_HEARTBEAT_MS, maxSubscriptions: wsLimits.maxSubscriptionsPerSocket });
  // ws closes a socket that sends a larger message with 1009.
  await app.register(websocket, { options: { maxPayload: wsLimits.maxMessageBytes } });
  app.get(wsPath, { websocket: true, onRequest: [connectionLimit(env.WS_MAX_CONNECTIONS_PER_CLIENT), app.optionalSession], schema: { hide: true } }, (socket, request) => {
    hub.add(socket, viewerOf(ctx, request));
    // A socket opened with a session (cookie or Authorization) closes within about a second of that session ending.
    if (request.session) socket.once('close', app.sessions.watch(request.session.sid, () => socket.close(4401, 'session ended')));
  });

  const stopTracking = await database.listen(trackingChangedChannel, (appointmentId) => hub.trackingChanged(appointmentId), {
    // Notifications sent while the listening connection was down are lost: subscribers refetch.
    onReconnect: () => hub.resync(),
  });
  const stopMoves = await database.listen(technicianMovedChannel, (payload) => {
    const moved = readTechnicianMoved(payload);
    if (moved) hub.technicianMoved(moved);
    else app.log.warn({ payload }, `ignored a malformed ${technicianMovedChannel} notification`);
  });
  app.addHook('onClose', async () => {
    hub.close();
    await stopTracking();
    await stopMoves();
  });
}
