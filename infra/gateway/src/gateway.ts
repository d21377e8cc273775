import { existsSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
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
  gzipMimeTypes,
  gzipMinLength,
  isApiPath,
  legacyRedirectHost,
  legacyRedirectLocation,
  maxBodyBytes,
  payloadTooLarge,
  securityHeaders,
  serviceUnavailable,
  type RedirectOrigins,
} from './policy.ts';

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
  logger?: FastifyServerOptions['logger'];
};

export type Gateway = {
  close(): Promise<void>;
  /** The URL each app is served at, with the port actually bound. */
  urls: Record<AppName, string>;
};

type ProxyReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

/** Route patterns for find-my-way: a prefix route matches everything that starts with its path, as in nginx `^~`. */
const routePatterns = (websocket: boolean) =>
  routeOwnership.filter((route) => Boolean(route.websocket) === websocket).map((route) => (route.prefix ? `${route.path}*` : route.path));

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
type ProxiedRequest = { url: string; headers: IncomingHttpHeaders; socket: { remoteAddress?: string } };

/** What nginx sends as Host, X-Forwarded-* and X-Real-IP. */
function forwardedHeaders(request: ProxiedRequest): IncomingHttpHeaders {
  const clientIp = request.socket.remoteAddress ?? '';
  const prior = request.headers['x-forwarded-for'];
  const host = request.headers.host;
  return {
    ...(host ? { host, 'x-forwarded-host': host } : {}),
    'x-real-ip': clientIp,
    'x-forwarded-for': prior ? `${String(prior)}, ${clientIp}` : clientIp,
    'x-forwarded-proto': request.headers['x-forwarded-proto'] || 'http',
  };
}

/** Client headers a websocket handshake passes on, besides the forwarded ones. */
const websocketHeaderNames = ['cookie', 'origin', 'authorization', 'user-agent'] as const;

function upstreamFor(upstreams: Record<ServiceName, string>) {
  return (request: ProxiedRequest): string => {
    const service = serviceForPath(decodedPathOf(request.url));
    if (!service) throw Object.assign(new Error('No service owns this path'), { statusCode: 404 });
    return upstreams[service];
  };
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
  const server = Fastify({ logger: options.logger ?? false });
  const getUpstream = upstreamFor(options.upstreams);

  server.addHook('onRequest', async (request, reply) => {
    const path = decodedPathOf(request.url);
    if (request.headers.upgrade && !websocketPaths.has(path)) {
      return reply.code(400).send(apiError(errorCodes.badRequest, 'WebSocket connections are only accepted on /ws.'));
    }
    if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) return reply.code(413).send(payloadTooLarge);
    const location = origins && legacyRedirectLocation(request.url, origins);
    if (location) return reply.redirect(location, 302);
  });

  // onSend runs last, so these replace any copy a service sent, as nginx's proxy_hide_header + add_header do.
  server.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of securityHeaders('local', request.headers.host ?? '')) void reply.header(name, value);
    return payload;
  });

  server.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'gateway error');
    const code = errorCodeByStatus[status] ?? errorCodes.internal;
    const message = status >= 500 ? 'The gateway could not handle this request.' : error.message;
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
    // nginx does not retry a request a service answered; reply-from would retry GETs answered with 503.
    retryDelay: () => null,
  };
  await server.register(fastifyHttpProxy, {
    upstream: '',
    routes: routePatterns(false),
    replyOptions,
    disableRequestLogging: true,
  });
  // The websocket proxy opens its own connection to the service and forwards only the headers it is given.
  const wsClientOptions = {
    headers: {},
    rewriteRequestHeaders: (headers: Record<string, string>, request: FastifyRequest) => ({
      ...headers,
      ...Object.fromEntries(websocketHeaderNames.flatMap((name) => (request.headers[name] ? [[name, request.headers[name]]] : []))),
      ...forwardedHeaders(request),
    }),
  };
  await server.register(fastifyHttpProxy, {
    upstream: '',
    websocket: true,
    routes: routePatterns(true),
    replyOptions,
    disableRequestLogging: true,
    wsClientOptions,
  });

  const assetsDir = path.join(root, assetsPath);
  await server.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? cacheControl.immutable : cacheControl.revalidate);
    },
  });

  // What nginx does when no file matches: JSON for /api, 404 for assets, the app (prerendered when it was) for one of
  // its pages, and 404 with its Page Not Found page for anything else.
  server.setNotFoundHandler((request, reply) => {
    const rawPath = rawPathOf(request.url);
    const pathname = decodedPathOf(request.url);
    if (isApiPath(pathname)) return reply.code(404).send(apiNotFound(rawPath));
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
