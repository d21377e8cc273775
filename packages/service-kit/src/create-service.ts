import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, requestIdPattern, type ServiceName } from '@repo/contracts';
import { authPlugin } from './auth.ts';
import { resolveSessionStore } from './sessions/resolve.ts';
import type { SessionStore } from './sessions/store.ts';
import { securityHeaders } from './security-headers.ts';
import type { BaseEnv } from './env.ts';
import { errorHandler, notFoundBody, rateLimitBody } from './error-handler.ts';
import { unavailable } from './errors.ts';
import { documentRoute, documentTransform, documentTransformObject, securitySchemes } from './openapi.ts';
import { safeValidatorCompiler } from './validation.ts';
import { registerApiDocs } from './api-docs.ts';
import { sharedRateLimitStore } from './limits/rate-limit-store.ts';
import { registerMetrics } from './metrics.ts';
import { withRequestId } from './request-context.ts';

import type { ServiceApp, ServiceRuntime } from './service-app.ts';

export type { ServiceApp };

export type ServiceOptions = {
  name: ServiceName;
  version?: string;
  env: Pick<BaseEnv, 'LOG_LEVEL' | 'JWT_PUBLIC_KEY' | 'RATE_LIMIT_MAX' | 'TRUST_PROXY' | 'ALLOWED_ORIGINS' | 'NODE_ENV' | 'SERVICE_KEY' | 'PEER_URLS' | 'METRICS_TOKEN'>;
  /** The private key session tokens are signed with (JWT_PRIVATE_KEY): accounts only; every other service only verifies. */
  sessionSigningKey?: string;
  /** Where sessions are checked. Accounts passes its database; every other service asks accounts (PEER_URLS, SERVICE_KEY). */
  sessions?: SessionStore;
  /** The runtime the service was built with: sessions a test opened are answered from it (see ServiceRuntime). */
  runtime?: ServiceRuntime;
  /**
   * The service's database (with the kit's tables, db/kit-migrations.ts): rate limits are counted there, so every replica
   * shares them. Without it they are counted in this process's memory, which only a single process may rely on.
   * /metrics reports its pool and whether it answers.
   */
  limitsDb?: Kysely<any>;
  /** Readiness probe; usually the database ping. */
  ready: () => Promise<void>;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
};

/** Apps shutting down (`startDraining`): readiness fails and new requests are turned away. */
const draining = new WeakSet<ServiceApp>();

/**
 * Starts a graceful stop (see `runService`): from now on readiness answers 503, a request arriving on a kept-alive
 * connection is answered 503 with Retry-After (the client or gateway retries elsewhere), and every answer, those in
 * flight included, closes its connection, so no idle keep-alive connection holds the server open.
 */
export function startDraining(app: ServiceApp): void {
  draining.add(app);
}

const healthPaths = new Set(['/healthz', '/readyz']);
const shuttingDownMessage = 'This service is restarting. Please try again in a moment.';

function trustProxySetting(value: string): string | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * Creates a service: Fastify with the zod type provider, request-id logging, one error handler, JSON 404,
 * health and readiness routes, helmet, rate limiting, session verification, an OpenAPI document at /openapi.json and
 * Prometheus metrics at /metrics (metrics.ts).
 * The caller registers its routes and then calls `listen` (see `runService`) or `inject` in tests.
 */
export async function createService(options: ServiceOptions): Promise<ServiceApp> {
  const { env } = options;
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.runtime?.logStream ? { stream: options.runtime.logStream } : {}),
    },
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    requestIdHeader: false,
    // While closing, requests on kept-alive connections get the API error shape from the hook below, not Fastify's own 503.
    return503OnClosing: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    ajv: undefined,
    // A path the router cannot decode (`%C0%80`, a lone `%`) is refused before any hook; it answers the API error shape too.
    frameworkErrors: errorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks: what runs for the request (and the events it publishes) knows its id (request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => withRequestId(request.id, done));
  registerMetrics(app, { service: options.name, token: env.METRICS_TOKEN, db: options.limitsDb });
  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onRoute', documentRoute);
  app.addHook('onRequest', async (request, reply) => {
    if (!draining.has(app) || healthPaths.has(request.url.split('?')[0] ?? '')) return;
    // Another replica (or this service once restarted) can take it straight away.
    void reply.header('retry-after', '1');
    throw unavailable(shuttingDownMessage);
  });
  // An upgrade request (a WebSocket handshake) refused by a hook that runs before the WebSocket plugin's own (this
  // one, the rate limit) is answered on a socket Node has handed over and no longer reads: nothing would notice the
  // client leave, and the server would wait for it when closing. It is ended after the answer, as the plugin does.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade !== undefined && !request.raw.socket.destroyed) request.raw.socket.destroy();
  });

  const headers = securityHeaders();
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    // Answers are personal (appointments with their manage links, accounts, payments) or change by the minute (slots):
    // no browser, proxy or back-forward cache keeps one, unless a route says otherwise.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (draining.has(app)) reply.header('connection', 'close');
  });

  await app.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    // The limit headers are sent only once a client is close to it (and with the 429), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => rateLimitBody(context.after),
    ...(options.limitsDb ? { store: sharedRateLimitStore(options.limitsDb, { log: app.log }) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.name} service`,
        version: options.version ?? '1.0.0',
        description: `The ${options.name} API of St Augustine Appliance Repair. Every error answers the ApiError shape.`,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Served through the gateway of each host, so paths are relative to wherever the document was fetched.
      servers: [{ url: '/', description: 'The gateway this document was read from' }],
      components: { securitySchemes },
    },
    transform: documentTransform,
    transformObject: documentTransformObject,
  });
  await app.register(authPlugin, {
    publicKey: env.JWT_PUBLIC_KEY,
    signingKey: options.sessionSigningKey,
    allowedOrigins: env.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean),
    sessions: resolveSessionStore(options.name, env, options.sessions, options.runtime?.sessions),
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerApiDocs(app, options.name);

  app.get('/healthz', { config: { rateLimit: false }, schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
    service: options.name,
  }));
  app.get('/readyz', { config: { rateLimit: false }, schema: { tags: ['health'], summary: 'Readiness: the service can reach its database and is not shutting down', response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    if (draining.has(app)) return reply.code(503).send({ status: 'unavailable' as const, service: options.name });
    try {
      await options.ready();
      return { status: 'ok' as const, service: options.name };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' as const, service: options.name });
    }
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });

  return app;
}
