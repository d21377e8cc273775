import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { appNames, errorCodes, isAppPage, routeOwnership, serviceForPath, type AppName, type ServiceName } from '@repo/contracts';
import {
  apiError,
  apiNotFound,
  assetsPath,
  isFilePath,
  cacheControl,
  clientTimeouts,
  crossOriginResourcePolicy,
  gzipMimeTypes,
  gzipMinLength,
  headerBuffer,
  isApiPath,
  legacyRedirectHost,
  legacyRedirectLocation,
  maxBodyBytes,
  maxRequestLineBytes,
  payloadTooLarge,
  protocolErrors,
  securityHeaders,
  serviceUnavailable,
  type ClientTimeouts,
  type DeploymentOrigins,
  type ProtocolErrorStatus,
  type RedirectOrigins,
} from './policy.ts';
import { lingeringClose } from './lingering-close.ts';
import { proxyWebsocket, websocketProxy } from './websocket-proxy.ts';

export type GatewayOptions = {
  /** Port (0 picks a free one) and built dist directory of each app. */
  apps: Record<AppName, { port: number; root: string }>;
  /** Base URL of each service, e.g. http://127.0.0.1:3001. */
  upstreams: Record<ServiceName, string>;
  /** Where the web host's legacy paths redirect; defaults to this gateway's own portal and back-office URLs. */
  origins?: Partial<RedirectOrigins>;
  /** Listen address; 127.0.0.1 unless given. */
  host?: string;
  /** gzip responses as nginx does; on unless false. */
  gzip?: boolean;
  /** How long a client may take (`clientTimeouts` unless given; tests shorten them). */
  timeouts?: ClientTimeouts;
  /** The deployment's own origins the pages' policy allows (the object store's, for uploads). */
  deploymentOrigins?: DeploymentOrigins;
  logger?: FastifyServerOptions['logger'];
};

export type Gateway = {
  close(): Promise<void>;
  /** The URL each app is served at, with the port actually bound. */
  urls: Record<AppName, string>;
};

type ProxyReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

/** Route patterns for find-my-way: a prefix route matches everything that starts with its path, as in nginx `^~`. */
const routePatterns = routeOwnership.map((route) => (route.prefix ? `${route.path}*` : route.path));

const websocketPaths = new Set(routeOwnership.filter((route) => route.websocket).map((route) => route.path));

const rawPathOf = (url: string) => url.split('?', 1)[0] ?? url;

function decodedPathOf(url: string): string {
  const raw = rawPathOf(url);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The parts of a request the proxy hooks read (reply-from types them for http2 servers too). */
type ProxiedRequest = { id: string; url: string; headers: IncomingHttpHeaders; socket: { remoteAddress?: string } };

/** A request's id as nginx makes its `$request_id`: 32 hex digits. */
const newRequestId = () => randomBytes(16).toString('hex');

/**
 * What nginx sends as Host, X-Forwarded-*, X-Real-IP and X-Request-Id. X-Forwarded-For is the peer's address alone: a
 * client's own X-Forwarded-For is dropped, never appended to, so it cannot choose the address services rate-limit by;
 * X-Request-Id is this gateway's id of the request, never the client's. This gateway serves plain http on a
 * developer's machine, with nothing in front of it.
 */
function forwardedHeaders(request: ProxiedRequest): IncomingHttpHeaders {
  const clientIp = request.socket.remoteAddress ?? '';
  const host = request.headers.host;
  return {
    ...(host ? { host, 'x-forwarded-host': host } : {}),
    'x-real-ip': clientIp,
    'x-forwarded-for': clientIp,
    'x-forwarded-proto': 'http',
    'x-request-id': request.id,
  };
}

/**
 * Reads a request body whole before it is proxied, as nginx does: past `maxBytes` (a chunked body has no length to
 * check up front) it is refused with 413; a body that stops arriving for `idleMs` has its connection closed, as
 * nginx's client_body_timeout does. The body is handed on as a stream of the same bytes, so the proxy sends it as
 * it came (a Buffer would be re-encoded as JSON, and its Content-Type stripped of parameters).
 */
function bufferedBody(maxBytes: number, idleMs: number) {
  return (_request: FastifyRequest, payload: IncomingMessage, done: (err: Error | null, body?: Readable) => void) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (err: Error | null, body?: Readable) => {
      clearTimeout(timer);
      payload.off('data', onData).off('end', onEnd).off('error', finish);
      done(err, body);
    };
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        payload.off('data', onData).off('end', onEnd).off('error', finish);
        payload.socket.destroy();
      }, idleMs);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // The rest is read and dropped, so the client gets its 413 rather than a reset; the total request time bounds it.
        payload.resume();
        return finish(Object.assign(new Error(payloadTooLarge.error.message), { statusCode: 413 }));
      }
      chunks.push(chunk);
      idle();
    };
    const onEnd = () => finish(null, Readable.from([Buffer.concat(chunks)], { objectMode: false }));
    payload.on('data', onData).on('end', onEnd).on('error', finish);
    idle();
  };
}

/**
 * A service's answer without its hop-by-hop headers (Connection, Keep-Alive and those Connection names): they describe
 * the gateway's connection to the service, not the client's. Node then keeps or closes the client's connection as the
 * client asked (a client's `Connection: close` is answered with `Connection: close`, and the connection closes).
 */
function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', ...named]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name.toLowerCase())));
}

function upstreamFor(upstreams: Record<ServiceName, string>) {
  return (request: ProxiedRequest): string => {
    const service = serviceForPath(decodedPathOf(request.url));
    if (!service) throw Object.assign(new Error('No service owns this path'), { statusCode: 404 });
    return upstreams[service];
  };
}

/** The raw answer to a request Node's parser gave up on: the error shape and the host's security headers, then close. */
function protocolErrorResponse(status: ProtocolErrorStatus, headers: [string, string][]): string {
  const body = JSON.stringify(protocolErrors[status]);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

const clientErrorStatus = (code: string | undefined): ProtocolErrorStatus =>
  code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;

/**
 * Node's `clientError`: a request line or headers it cannot parse, headers over the limit, or a request that took too
 * long. Answered as nginx does, in the API error shape (the path is unknown or untrusted), unless an answer has begun
 * or the socket can no longer be written. The parser is done with the socket: what the client still sends is read
 * and dropped until it stops, so the client sees the answer rather than a reset.
 */
function answerClientError(headers: [string, string][], error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = clientErrorStatus(error.code);
  socket.removeAllListeners('data');
  socket.write(protocolErrorResponse(status, headers));
  // A late client has nothing more to say: the connection closes as soon as the answer is out.
  lingeringClose(socket, () => {
    if (status === 408) socket.destroy();
  });
}

/**
 * Makes Node close this request's connection with a lingering close once its answer (sent with Connection: close) is
 * out, instead of closing it at once: Node ends such a connection through the socket's `destroySoon`. For a body
 * refused midway (413 on a chunked body past the limit) while the client is still sending the rest; the parser keeps
 * reading and dropping that rest, and Node's request timeout still bounds the whole request.
 */
function closeLingeringAfterAnswer(socket: Duplex & { destroySoon?: () => void }): void {
  socket.destroySoon = () => lingeringClose(socket);
}

/**
 * What nginx refuses while reading a request and Node's parser lets through: a request line or a header line over one
 * header buffer, a NUL in the path (`%00`), an HTTP/1.1 request without Host.
 */
function unreadableRequest(request: FastifyRequest): ProtocolErrorStatus | undefined {
  if (Buffer.byteLength(request.url) > maxRequestLineBytes) return 414;
  const raw = request.raw.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    if (Buffer.byteLength(raw[index]!) + Buffer.byteLength(raw[index + 1]!) + 2 > maxRequestLineBytes) return 431;
  }
  if (/%00/i.test(rawPathOf(request.url))) return 400;
  if (request.raw.httpVersion === '1.1' && !request.headers.host) return 400;
  return undefined;
}

const errorCodeByStatus: Record<number, string> = {
  400: errorCodes.badRequest,
  404: errorCodes.notFound,
  405: errorCodes.badRequest,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.unsupportedMediaType,
};

async function buildAppServer(
  app: AppName,
  root: string,
  options: GatewayOptions,
  origins: RedirectOrigins | undefined,
): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? clientTimeouts;
  const headers = securityHeaders('local', app, options.deploymentOrigins);
  const server = Fastify({
    logger: options.logger ?? false,
    genReqId: newRequestId,
    // Node answers 408 and closes a connection whose headers or whole request take longer, checked every second.
    // Headers are held to nginx's total (large_client_header_buffers): past it, 431 (see answerClientError).
    http: {
      headersTimeout: timeouts.headerSeconds * 1000,
      connectionsCheckingInterval: 1000,
      maxHeaderSize: headerBuffer.count * headerBuffer.kilobytes * 1024,
      // Checked in unreadableRequest, so the refusal is in the error shape (Node's own is an empty 400).
      requireHostHeader: false,
    },
    // Each app listens on a port of its own, so an unreadable request still gets that app's headers.
    clientErrorHandler: (error, socket) => answerClientError(headers, error, socket),
    // A path that cannot be decoded (`/api/%`): the API error shape, not Fastify's own.
    frameworkErrors: (error, _request, reply) => {
      const answer = reply as FastifyReply;
      for (const [name, value] of headers) void answer.header(name, value);
      return answer.code(400).type('application/json; charset=utf-8').send(apiError(errorCodes.badRequest, error.message));
    },
    requestTimeout: timeouts.requestSeconds * 1000,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
  });
  const getUpstream = upstreamFor(options.upstreams);

  // Bodies are passed on byte for byte (no JSON parsing), once read whole within the limits.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', bufferedBody(maxBodyBytes, timeouts.bodyIdleSeconds * 1000));

  server.addHook('onRequest', async (request, reply) => {
    const refusal = unreadableRequest(request);
    if (refusal) return reply.code(refusal).header('connection', 'close').send(protocolErrors[refusal]);
    const path = decodedPathOf(request.url);
    if (request.headers.upgrade && !websocketPaths.has(path)) {
      return reply.code(400).send(apiError(errorCodes.badRequest, 'WebSocket connections are only accepted on /ws.'));
    }
    if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) return reply.code(413).send(payloadTooLarge);
    const location = origins && legacyRedirectLocation(request.url, origins);
    if (location) return reply.redirect(location, 302);
  });

  // A websocket handshake on a path that takes one (the hook above refused it elsewhere) is proxied by connecting to
  // the service first and passing on its answer (see proxyWebsocket), never by the HTTP proxy.
  const websockets = websocketProxy(server.server, (request, response) => server.routing(request, response));
  server.addHook('onRequest', async (request, reply) => {
    const upgrade = websockets.take(request.raw);
    if (!upgrade) return;
    const upstream = getUpstream(request);
    void reply.hijack();
    proxyWebsocket(request.raw, upgrade.socket, upgrade.head, { securityHeaders: headers, forwardedHeaders: forwardedHeaders(request), upstream, log: request.log });
  });
  server.addHook('preClose', async () => websockets.closeAll());

  // onSend runs last, so these replace any copy a service sent, as nginx's proxy_hide_header + add_header do.
  server.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of headers) void reply.header(name, value);
    return payload;
  });

  server.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'gateway error');
    const code = errorCodeByStatus[status] ?? errorCodes.internal;
    const message = status >= 500 ? 'The gateway could not handle this request.' : error.message;
    if (status === 413) {
      closeLingeringAfterAnswer(request.raw.socket);
      return reply.code(413).header('connection', 'close').send(payloadTooLarge);
    }
    return reply.code(status).send(status === 404 ? apiNotFound(rawPathOf(request.url)) : apiError(code, message));
  });

  if (options.gzip !== false) {
    await server.register(fastifyCompress, {
      encodings: ['gzip'],
      threshold: gzipMinLength,
      customTypes: new RegExp(`^(${gzipMimeTypes.map((type) => type.replace(/[+.]/g, '\\$&')).join('|')})(;|$)`),
    });
  }

  const replyOptions: ProxyReplyOptions = {
    getUpstream,
    onError: (reply, { error }) => {
      reply.log.warn({ err: error, url: reply.request.url }, 'service unreachable');
      void reply.code(502).type('application/json').send(serviceUnavailable);
    },
    rewriteRequestHeaders: (request, headers) => ({ ...headers, ...forwardedHeaders(request) }),
    rewriteHeaders: (headers) => withoutHopByHop(headers),
    // nginx does not retry a request a service answered; reply-from would retry GETs answered with 503.
    retryDelay: () => null,
  };
  await server.register(fastifyHttpProxy, {
    upstream: '',
    // Websocket routes too: a plain request to one is proxied like any other (handshakes are taken by the hook above).
    routes: routePatterns,
    replyOptions,
    disableRequestLogging: true,
    // The server's own parser (bufferedBody) reads bodies, not the plugin's pass-through stream.
    proxyPayloads: false,
  });
  const assetsDir = path.join(root, assetsPath);
  await server.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    // Every file of the app, reply.sendFile's pages included (as nginx's file locations add it).
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? cacheControl.immutable : cacheControl.revalidate);
      res.setHeader(...crossOriginResourcePolicy);
    },
  });

  // What nginx does when no file matches: JSON for /api, 404 for assets, the app (prerendered when it was) for one of
  // its pages, and 404 with its Page Not Found page for anything else.
  server.setNotFoundHandler((request, reply) => {
    const rawPath = rawPathOf(request.url);
    const pathname = decodedPathOf(request.url);
    if (isApiPath(pathname)) return reply.code(404).send(apiNotFound(rawPath));
    // Not a service's answer: the app's files are asked for, as in nginx's file locations.
    void reply.header(...crossOriginResourcePolicy);
    if (isFilePath(rawPath) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    if (isAppPage(app, pathname)) return reply.sendFile(prerenderedPage(root, pathname) ?? 'index.html');
    return reply.code(404).sendFile(existsSync(path.join(root, notFoundPage)) ? notFoundPage : 'index.html');
  });

  server.log.info({ app, root }, 'serving app');
  return server;
}

/** The app's prerendered Page Not Found page, when its build writes one (the SPA's index.html otherwise). */
const notFoundPage = '404.html';

/** dist/<route>/index.html when the route was prerendered at build time, like nginx's `$uri/index.html`. */
function prerenderedPage(root: string, pathname: string): string | undefined {
  const relative = path.join(pathname, 'index.html');
  const file = path.join(root, relative);
  return file.startsWith(root + path.sep) && existsSync(file) ? relative : undefined;
}

function urlOf(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * Serves the three apps on their own ports with the nginx config's behaviour (same table, same headers): static
 * files with SPA fallback, API and websocket proxying by `serviceForPath`, legacy redirects on the web port.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const host = options.host ?? '127.0.0.1';
  const started = new Map<AppName, FastifyInstance>();
  const urls = {} as Record<AppName, string>;
  const close = async () => {
    await Promise.all([...started.values()].map((server) => server.close()));
  };
  const listen = async (app: AppName, origins?: RedirectOrigins) => {
    const server = await buildAppServer(app, options.apps[app].root, options, origins);
    started.set(app, server);
    await server.listen({ host, port: options.apps[app].port });
    const address = server.server.address();
    urls[app] = urlOf(host, typeof address === 'object' && address ? address.port : options.apps[app].port);
  };
  try {
    // The redirect targets listen first so their bound ports are known when the web host starts.
    await Promise.all(appNames.filter((app) => app !== legacyRedirectHost).map((app) => listen(app)));
    await listen(legacyRedirectHost, { portal: urls.portal, backoffice: urls.backoffice, ...options.origins });
  } catch (error) {
    await close();
    throw error;
  }
  return { close, urls };
}
