import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { routeOwnership, serviceNames, type ServiceName } from '@repo/contracts';

/** What a stand-in service answers: its name and what reached it. */
export type ServiceEcho = {
  service: ServiceName;
  method: string;
  url: string;
  body: string;
  headers: IncomingHttpHeaders;
};

export type FakeServices = {
  upstreams: Record<ServiceName, string>;
  /** Handshake headers of the last websocket connection, per service. */
  websocketHeaders: Partial<Record<ServiceName, IncomingHttpHeaders>>;
  stop(service: ServiceName): Promise<void>;
  close(): Promise<void>;
};

const websocketPaths = routeOwnership.filter((route) => route.websocket);

/**
 * One node:http server per service on a free port. Each answers JSON naming itself and echoing the request, and
 * sends its own security headers so a test can see the gateway replace them. Services that own a websocket route
 * echo websocket messages prefixed with their name.
 */
export async function startFakeServices(): Promise<FakeServices> {
  const servers = new Map<ServiceName, { server: http.Server; sockets?: WebSocketServer }>();
  const websocketHeaders: FakeServices['websocketHeaders'] = {};
  const upstreams = {} as Record<ServiceName, string>;

  for (const service of serviceNames) {
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const echo: ServiceEcho = { service, method: request.method ?? '', url: request.url ?? '', body, headers: request.headers };
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-frame-options': 'SAMEORIGIN',
          'content-security-policy': "default-src 'none'",
        });
        response.end(JSON.stringify(echo));
      });
    });
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
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstreams[service] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    servers.set(service, { server, sockets });
  }

  const stop = async (service: ServiceName) => {
    const entry = servers.get(service);
    if (!entry) return;
    servers.delete(service);
    for (const client of entry.sockets?.clients ?? []) client.terminate();
    entry.sockets?.close();
    const closed = new Promise((resolve) => entry.server.close(resolve));
    entry.server.closeAllConnections();
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
