import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { routeOwnership, serviceNames, type ServiceName } from '@repo/contracts';

/** What a stand-in service answers: its name and what reached it. */
export type ServiceEcho = {
  service: ServiceName;
  method: string;
  url: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** The client address the service keys its rate limit by (Fastify's request.ip, as @fastify/rate-limit does). */
  ip: string;
};

/** The services' default TRUST_PROXY (packages/service-kit env.ts): the addresses whose X-Forwarded-For is believed. */
const servicesTrustProxy = 'loopback';

export type FakeServices = {
  upstreams: Record<ServiceName, string>;
  /** Handshake headers of the last websocket connection, per service. */
  websocketHeaders: Partial<Record<ServiceName, IncomingHttpHeaders>>;
  stop(service: ServiceName): Promise<void>;
  close(): Promise<void>;
};

const websocketPaths = routeOwnership.filter((route) => route.websocket);

/**
 * One Fastify server per service on a free port, trusting forwarded addresses as the services do. Each answers JSON naming itself and echoing the request, and
 * sends its own security headers so a test can see the gateway replace them. Services that own a websocket route
 * echo websocket messages prefixed with their name.
 */
export async function startFakeServices(): Promise<FakeServices> {
  const servers = new Map<ServiceName, { app: FastifyInstance; sockets?: WebSocketServer }>();
  const websocketHeaders: FakeServices['websocketHeaders'] = {};
  const upstreams = {} as Record<ServiceName, string>;

  for (const service of serviceNames) {
    const app = Fastify({ trustProxy: servicesTrustProxy, bodyLimit: 10 * 1024 * 1024 });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.all('*', async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const echo: ServiceEcho = { service, method: request.method, url: request.url, body, headers: request.headers, ip: request.ip };
      return reply
        // Browser security headers of its own, as helmet sends them: the gateway's replace them.
        .headers({
          'content-type': 'application/json',
          'x-frame-options': 'SAMEORIGIN',
          'content-security-policy': "default-src 'none'",
          'permissions-policy': 'geolocation=*',
          'cross-origin-opener-policy': 'unsafe-none',
          'x-permitted-cross-domain-policies': 'all',
        })
        .send(JSON.stringify(echo));
    });
    const server = app.server;
    const owned = websocketPaths.filter((route) => route.service === service);
    let sockets: WebSocketServer | undefined;
    if (owned.length > 0) {
      sockets = new WebSocketServer({ noServer: true });
      server.on('upgrade', (request, socket, head) => {
        if (!owned.some((route) => route.path === request.url?.split('?')[0])) return socket.destroy();
        websocketHeaders[service] = request.headers;
        sockets?.handleUpgrade(request, socket, head, (client) => {
          client.on('message', (data) => client.send(`${service}:${data.toString()}`));
        });
      });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    upstreams[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    servers.set(service, { app, sockets });
  }

  const stop = async (service: ServiceName) => {
    const entry = servers.get(service);
    if (!entry) return;
    servers.delete(service);
    for (const client of entry.sockets?.clients ?? []) client.terminate();
    entry.sockets?.close();
    const closed = entry.app.close();
    entry.app.server.closeAllConnections();
    await closed;
  };

  return {
    upstreams,
    websocketHeaders,
    stop,
    close: async () => {
      await Promise.all([...servers.keys()].map(stop));
    },
  };
}
