import http, { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { lingeringClose } from './lingering-close.ts';
import { securityHeaders, serviceUnavailable, websocketIdleSeconds } from './policy.ts';

/**
 * Client headers a handshake does not pass on: those about the client's own connection (the gateway sets Upgrade and
 * Connection toward the service), and those the gateway sets itself (Host, X-Forwarded-*, X-Real-IP, X-Request-Id).
 */
const notForwarded = new Set([
  ...['connection', 'upgrade', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'content-length'],
  ...['host', 'x-forwarded-host', 'x-forwarded-for', 'x-forwarded-proto', 'x-real-ip', 'x-request-id'],
]);

/** Headers of a service's answer the gateway replaces: its own connection's, and the browser security headers. */
const replacedInAnswers = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'content-length',
  // The names are the same on every host; only some values differ.
  ...securityHeaders('local', undefined).map(([name]) => name.toLowerCase()),
]);

/** Bytes a client may send before its handshake is answered (a client that starts talking early); more ends it. */
const maxEarlyBytes = 64 * 1024;

export type WebsocketProxyOptions = {
  /** The security headers of the app whose host the handshake came to: they go on an answer the gateway writes. */
  securityHeaders: [name: string, value: string][];
  /** The headers the gateway sets toward every service: Host, X-Forwarded-*, X-Real-IP. */
  forwardedHeaders: IncomingHttpHeaders;
  /** The service's base URL, e.g. http://127.0.0.1:3003. */
  upstream: string;
  /** How long a socket may stay silent before both sides are closed. */
  idleSeconds?: number;
  log: { warn: (details: object, message: string) => void };
};

function headerLines(rawHeaders: string[], keep: (name: string) => boolean): string[] {
  const lines: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    if (keep(name.toLowerCase())) lines.push(`${name}: ${rawHeaders[index + 1]!}`);
  }
  return lines;
}

/** An answer the gateway writes itself on the client's socket, closing the connection after it. */
function closingAnswer(headers: [string, string][], status: number, statusMessage: string, lines: string[], body: Buffer): Buffer {
  const head = [
    `HTTP/1.1 ${status} ${statusMessage}`,
    ...lines,
    `Content-Length: ${body.length}`,
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
}

/**
 * Proxies one WebSocket handshake as nginx does: the service is asked first and its answer decides. A 101 is passed
 * to the client with the service's handshake headers and the two connections are joined byte for byte; any other
 * answer (403 for a foreign Origin, 429 with Retry-After past the per-address cap, 401 for a bad session) reaches the
 * client as the service gave it, with the gateway's security headers, and the connection closes. A service that
 * cannot be reached is a JSON 502.
 *
 * The two sides live and die together: a client that leaves before the service has answered takes its pending
 * upstream connection with it, and once joined, the end of either side ends the other, so no socket on the service
 * outlives its client and none counts against the client address's cap after it has gone.
 */
export function proxyWebsocket(request: IncomingMessage, client: Duplex, head: Buffer, options: WebsocketProxyOptions): void {
  const target = new URL(options.upstream);
  const idleMs = (options.idleSeconds ?? websocketIdleSeconds) * 1000;
  const headers = [
    ...headerLines(request.rawHeaders, (name) => !notForwarded.has(name)),
    ...Object.entries(options.forwardedHeaders).map(([name, value]) => `${name}: ${String(value)}`),
  ];
  // Raw header pairs keep the client's names and repeated headers as they came.
  const headerPairs = headers.flatMap((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });

  let early = head.length > 0 ? [head] : [];
  let earlyBytes = head.length;
  let answered = false;
  const outgoing = http.request({
    host: target.hostname,
    port: target.port,
    method: request.method,
    path: request.url,
    headers: [...headerPairs, 'Connection', 'Upgrade', 'Upgrade', request.headers.upgrade ?? 'websocket'],
    agent: false,
    timeout: idleMs,
  });

  // Until the service answers, the client is watched: leaving (or talking too much) abandons the handshake upstream.
  const abandon = () => {
    if (answered) return;
    answered = true;
    outgoing.destroy();
    client.destroy();
  };
  const onEarlyData = (chunk: Buffer) => {
    earlyBytes += chunk.length;
    if (earlyBytes > maxEarlyBytes) return abandon();
    early.push(chunk);
  };
  client.on('data', onEarlyData).once('end', abandon).once('close', abandon).on('error', abandon);
  client.resume();

  const answerClient = (answer: Buffer) => {
    answered = true;
    client.off('data', onEarlyData).off('end', abandon).off('close', abandon);
    early = [];
    client.write(answer);
    lingeringClose(client);
  };

  outgoing.on('response', (response) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      if (answered) return;
      const lines = headerLines(response.rawHeaders, (name) => !replacedInAnswers.has(name));
      const status = response.statusCode ?? 502;
      answerClient(closingAnswer(options.securityHeaders, status, response.statusMessage || STATUS_CODES[status] || '', lines, Buffer.concat(chunks)));
    });
    response.on('error', () => abandon());
  });

  outgoing.on('upgrade', (response, upstream: Socket, upstreamHead: Buffer) => {
    if (answered) {
      upstream.destroy();
      return;
    }
    answered = true;
    client.off('data', onEarlyData).off('end', abandon).off('close', abandon).off('error', abandon);
    client.pause();
    const lines = headerLines(response.rawHeaders, (name) => name !== 'content-length');
    client.write(`HTTP/1.1 101 ${response.statusMessage || 'Switching Protocols'}\r\n${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length > 0) client.write(upstreamHead);
    for (const chunk of early) upstream.write(chunk);
    early = [];
    join(client, upstream, idleMs);
  });

  outgoing.on('timeout', () => outgoing.destroy(new Error('the service did not answer the handshake in time')));
  outgoing.on('error', (error) => {
    if (answered) return;
    options.log.warn({ err: error, url: request.url }, 'service unreachable');
    answerClient(closingAnswer(options.securityHeaders, 502, STATUS_CODES[502]!, ['Content-Type: application/json'], Buffer.from(JSON.stringify(serviceUnavailable))));
  });
  outgoing.end();
}

/**
 * Joins an upgraded client connection to its service connection. What one side sends goes to the other; when one side
 * ends, the other is ended after what it was sent; when one side closes or fails, the other follows: the client's
 * socket with a lingering close (it may still be sending, and must get the close frame rather than a reset), the
 * service's at once (the client it served is gone). Silence past `idleMs` on either side closes both.
 */
function join(client: Duplex, upstream: Socket, idleMs: number): void {
  let closed = false;
  const closeBoth = () => {
    if (closed) return;
    closed = true;
    client.unpipe(upstream);
    upstream.unpipe(client);
    upstream.destroy();
    if (!client.destroyed) lingeringClose(client);
  };
  client.pipe(upstream);
  upstream.pipe(client, { end: false });
  upstream.once('end', closeBoth).once('close', closeBoth).on('error', closeBoth);
  client.once('close', closeBoth).on('error', () => client.destroy());
  upstream.setTimeout(idleMs, closeBoth);
  if ('setTimeout' in client && typeof client.setTimeout === 'function') (client as Socket).setTimeout(idleMs, closeBoth);
  client.resume();
}

type ProxiedUpgrade = { socket: Duplex; head: Buffer };

/**
 * Routes WebSocket handshakes through the app server's hooks like any request (its refusals are answered on the
 * handshake's connection, which then closes) and gives the route's handler the connection to proxy. `take` answers
 * the connection of a request that is a handshake; `closeAll` ends every joined or pending one (server shutdown).
 */
export function websocketProxy(server: http.Server, route: (request: IncomingMessage, response: http.ServerResponse) => void) {
  const pending = new WeakMap<IncomingMessage, ProxiedUpgrade>();
  const open = new Set<Duplex>();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    pending.set(request, { socket, head });
    const response = new http.ServerResponse(request);
    response.assignSocket(socket as Socket);
    // An answer of the gateway's own (a path that takes no websocket, a request it cannot read) closes the connection.
    response.shouldKeepAlive = false;
    response.once('finish', () => lingeringClose(socket));
    route(request, response);
  });
  return {
    take: (request: IncomingMessage): ProxiedUpgrade | undefined => {
      const upgrade = pending.get(request);
      pending.delete(request);
      return upgrade;
    },
    closeAll: () => {
      for (const socket of open) socket.destroy();
    },
  };
}
