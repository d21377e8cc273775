import { timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorCodes, type ServiceName } from '@repo/contracts';
import { poolStatsOf } from './db/index.ts';
import type { ServiceApp } from './service-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This service's Prometheus registry, served at /metrics (see `registerMetrics`). */
    metrics: ServiceMetrics;
  }
}

export const metricsPath = '/metrics';

/** One series of a gauge read on scrape: its labels (none for a gauge without) and its value. */
export type GaugeSample = { labels?: Record<string, string>; value: number };

export type ServiceMetrics = {
  registry: Registry;
  /**
   * A gauge whose value is read when Prometheus scrapes, never per request: for anything that costs a query. Series
   * not answered by the latest read are dropped (a state with no rows left disappears rather than keeping its count).
   * A read that throws leaves the gauge empty for that scrape and is logged.
   */
  gaugeOnScrape(options: { name: string; help: string; labelNames?: readonly string[]; read: () => Promise<GaugeSample[]> | GaugeSample[] }): void;
};

export type MetricsOptions = {
  service: ServiceName;
  /** METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>` (production requires it). */
  token?: string;
  /** The service's database, for its pool (pg) and whether it answers. */
  db?: Kysely<any>;
  /** The filesystem whose free space is reported (the service's working directory by default). */
  diskPath?: string;
};

/** Request latency buckets in seconds: a fast read is a few milliseconds, a slow field-service call several seconds. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A database that has not answered `select 1` by then is reported down, before Prometheus gives up on the scrape. */
const pingTimeoutMs = 2_000;
/** The route label of a request no route matched (404s, unparseable paths): one series, whatever the path. */
const unmatchedRoute = '(unmatched)';

const missingToken = 'The metrics endpoint needs Authorization: Bearer <METRICS_TOKEN>.';
const wrongToken = 'The metrics token is not valid.';

function bearerMatches(header: string | undefined, token: string): boolean {
  const [scheme, value] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !value) return false;
  const [given, expected] = [Buffer.from(value), Buffer.from(token)];
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function withTimeout(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let processRegistry: Registry | undefined;
/**
 * prom-client's defaults (CPU, memory, event-loop lag, GC, handles), started once per process: each start keeps an
 * event-loop monitor and a GC observer running for good, so one per service built (tests build hundreds) would pile up.
 * Every service of the process serves them; they describe the process, not one service.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics for one service, in a registry of its own (an embedded host runs several services in one
 * process, each with its own /metrics), every series labelled with the service's name, and the process's defaults: a
 * latency histogram and a 5xx counter per route pattern (`/api/appointments/:id`, never the URL, so ids do not make
 * new series), the database pool and whether the database answers, and the free disk space. The effects outbox and
 * the services' own gauges are added with `app.metrics.gaugeOnScrape`.
 */
export function registerMetrics(app: ServiceApp, options: MetricsOptions): void {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  const shared = processMetrics();

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code; its _count is the request rate.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'],
    registers: [registry],
  });

  const metrics: ServiceMetrics = {
    registry,
    gaugeOnScrape({ name, help, labelNames = [], read }) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const sample of await read()) {
              if (sample.labels) this.set(sample.labels, sample.value);
              else this.set(sample.value);
            }
          } catch (err) {
            app.log.warn({ err, metric: name }, 'a metric could not be read');
          }
        },
      });
    },
  };
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? unmatchedRoute;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc({ method: request.method, route });
  });

  const { db } = options;
  if (db) {
    metrics.gaugeOnScrape({
      name: 'db_up',
      help: 'Whether the database answered `select 1` at the scrape (1) or not (0).',
      read: async () => [{ value: (await withTimeout(sql`select 1`.execute(db), pingTimeoutMs)) ? 1 : 0 }],
    });
    const pool = poolStatsOf(db);
    if (pool) {
      metrics.gaugeOnScrape({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
        labelNames: ['state'],
        read: () => {
          const { total, idle, waiting } = pool();
          return [
            { labels: { state: 'total' }, value: total },
            { labels: { state: 'idle' }, value: idle },
            { labels: { state: 'waiting' }, value: waiting },
          ];
        },
      });
      metrics.gaugeOnScrape({
        name: 'db_pool_errors',
        help: 'Errors of idle pooled connections since the start (a server restart or a lost connection).',
        read: () => [{ value: pool().errors }],
      });
    }
  }

  const diskPath = options.diskPath ?? process.cwd();
  metrics.gaugeOnScrape({
    name: 'disk_free_bytes',
    help: "Bytes free to this process on the filesystem of the service's working directory.",
    labelNames: ['path'],
    read: async () => {
      const stats = await statfs(diskPath);
      return [{ labels: { path: diskPath }, value: stats.bavail * stats.bsize }];
    },
  });
  metrics.gaugeOnScrape({
    name: 'disk_size_bytes',
    help: "Size in bytes of the filesystem of the service's working directory.",
    labelNames: ['path'],
    read: async () => {
      const stats = await statfs(diskPath);
      return [{ labels: { path: diskPath }, value: stats.blocks * stats.bsize }];
    },
  });

  const authorise = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.token) return;
    const header = request.headers.authorization;
    if (bearerMatches(header, options.token)) return;
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="metrics"')
      .send({ error: { code: errorCodes.unauthorized, message: header ? wrongToken : missingToken } });
  };

  // Scrapers are not rate limited; the token check comes first and is all an unauthorised caller reaches.
  app.get(metricsPath, { config: { rateLimit: false }, onRequest: authorise, schema: { hide: true } }, async (_request, reply) => {
    const [own, ofProcess] = await Promise.all([registry.metrics(), shared.metrics()]);
    return reply.type(registry.contentType).send(`${own}${ofProcess}`);
  });
}
