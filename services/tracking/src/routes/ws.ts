import websocket from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errorCodes, wsLimits, wsMessages, wsPath } from '@repo/contracts';
import { connectionLeases, DomainError, forbidden, type ConnectionLeases, type ServiceApp } from '@repo/service-kit';
import type { Database } from '@repo/service-kit/db';
import type { TrackingDatabase } from '../db/schema.ts';
import { LiveHub, type LiveViewer } from '../domain/live-hub.ts';
import { readPayload, technicianMovedChannel, technicianMovedSchema, trackingChangedChannel, trackingChangedSchema } from '../domain/live-channels.ts';
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
        return await resolveTrackingAccess(ctx, { ...caller, linkToken: access }, appointmentId);
      } catch (err) {
        if (isRefusal(err)) return undefined;
        throw err;
      }
    },
  };
}

/** The close code of a socket whose server is shutting down (RFC 6455 "going away"). */
export const goingAway = 1001;

/**
 * How long a socket told the server is going away has to answer before it is cut (ws itself waits 30 s). A client
 * that does not answer (gone, or its network dropped) would otherwise hold a stopping replica past its shutdown bound.
 */
export const closeHandshakeMs = 2_000;

function goAway(socket: WebSocket): void {
  socket.close(goingAway, 'server shutting down');
  setTimeout(() => socket.terminate(), closeHandshakeMs).unref();
}

/** The refusal of a handshake from a page that is none of the apps. */
export const wsOriginRefused = 'Live updates are only available on the pages of this site.';

/**
 * Which pages may open the socket. A page on another site could otherwise open /ws with the visitor's cookies
 * (cross-site WebSocket hijacking: browsers apply no same-origin rule to websockets). Browsers always send Origin
 * on a websocket handshake, so one that is not an app's origin (ALLOWED_ORIGINS, the list that guards
 * cookie-authenticated calls) is refused with 403 before upgrading; `null` (sandboxed frames, files) included.
 * A handshake without Origin comes from no browser but from a program (a bearer token, a tracking link): no
 * visitor's cookies ride along without their knowing, so it is let through, and the per-client cap still applies.
 */
function originCheck(allowedOrigins: string) {
  const allowed = new Set(allowedOrigins.split(',').map((origin) => origin.trim()).filter(Boolean));
  return async function checkOrigin(request: FastifyRequest) {
    if (!request.ws) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) throw forbidden(wsOriginRefused);
  };
}

/**
 * Open sockets per client address (request.ip: the X-Forwarded-For the gateway sets to the peer's address, trusted
 * only from the addresses in TRUST_PROXY), counted across every tracking replica on this database (connection leases,
 * which lapse when a replica dies holding them); past the cap, 429 with Retry-After. A place is taken before the
 * upgrade, so simultaneous upgrades cannot overshoot, and given back when the connection closes, upgraded or not.
 */
function connectionLimit(leases: ConnectionLeases, max: number) {
  return async function limitConnections(request: FastifyRequest, reply: FastifyReply) {
    if (!request.ws) return;
    const release = await leases.acquire(request.ip, max);
    if (!release) {
      // A refusal a client may retry, once one of its sockets has closed: it says when.
      void reply.header('retry-after', String(wsLimits.retryAfterSeconds));
      throw new DomainError(429, errorCodes.rateLimited, wsMessages.tooManyConnections);
    }
    const socket = request.raw.socket;
    // A client that left while its place was being taken has already emitted its close: the place goes back at once.
    if (socket.destroyed) void release();
    else socket.once('close', () => void release());
  };
}

/**
 * The live socket `/ws` (protocol in @repo/contracts' tracking.ts) and the database channels it relays. The upgrade
 * reads the session like any route (a bad bearer token is a 401; a visitor may connect, and follows an appointment
 * only with its link in `access`), after the origin check (403) and the per-client connection limit (429).
 */
export async function wsRoutes(app: ServiceApp, { ctx, env, database }: { ctx: TrackingContext; env: TrackingEnv; database: Database<TrackingDatabase> }) {
  const hub = new LiveHub({ log: app.log, heartbeatMs: env.WS_HEARTBEAT_MS, maxSubscriptions: wsLimits.maxSubscriptionsPerSocket });
  const leases = connectionLeases({ db: database.db, ttlMs: env.WS_LEASE_TTL_MS, log: app.log });
  let closing = false;
  await app.register(websocket, {
    // ws closes a socket that sends a larger message with 1009.
    options: { maxPayload: wsLimits.maxMessageBytes },
    // On shutdown (after requests in flight were let in, before the server waits for its connections) every socket is
    // told the server is going away, so its client reconnects, through the gateway, to a replica that is running.
    preClose: function closeSockets(this: ServiceApp, done) {
      closing = true;
      for (const client of this.websocketServer.clients) goAway(client);
      done();
    },
  });
  app.metrics.gaugeOnScrape({
    name: 'tracking_websocket_connections',
    help: 'Open /ws sockets on this replica.',
    read: () => [{ value: app.websocketServer.clients.size }],
  });
  app.get(wsPath, { websocket: true, onRequest: [originCheck(env.ALLOWED_ORIGINS), connectionLimit(leases, env.WS_MAX_CONNECTIONS_PER_CLIENT), app.optionalSession], schema: { hide: true } }, (socket, request) => {
    // A handshake let in before the shutdown whose checks (the session, the connection limit) finished after it: the
    // sockets were already told to go, so this one is too, or the server would wait for it when closing.
    if (closing) return goAway(socket);
    hub.add(socket, viewerOf(ctx, request));
    // A socket opened with a session (cookie or Authorization) closes within about a second of that session ending.
    if (request.session) socket.once('close', app.sessions.watch(request.session.sid, () => socket.close(4401, 'session ended')));
  });

  const ignored = (channel: string, payload: string) => app.log.warn({ payload }, `ignored a malformed ${channel} notification`);
  const stopTracking = await database.listen(trackingChangedChannel, (payload) => {
    const changed = readPayload(trackingChangedSchema, payload);
    if (changed) hub.trackingChanged(changed);
    else ignored(trackingChangedChannel, payload);
  }, {
    // Notifications sent while the listening connection was down are lost: subscribers refetch.
    onReconnect: () => hub.resync(),
  });
  const stopMoves = await database.listen(technicianMovedChannel, (payload) => {
    const moved = readPayload(technicianMovedSchema, payload);
    if (moved) hub.technicianMoved(moved);
    else ignored(technicianMovedChannel, payload);
  });
  app.addHook('onClose', async () => {
    hub.close();
    await leases.stop();
    await stopTracking();
    await stopMoves();
  });
}
