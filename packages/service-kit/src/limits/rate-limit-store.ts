import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import { isConnectionError } from '../db/errors.ts';

type Counted = { current: number; ttl: number };
type StoreSettings = Pick<RateLimitOptions, 'continueExceeding' | 'exponentialBackoff'>;

/** How often one process deletes the counters whose window has ended (any replica's: they are shared). */
const defaultSweepEveryMs = 60_000;
/** Rows one sweep deletes at most, so a sweep after a flood of one-off addresses stays a short statement. */
const sweepBatch = 1_000;
/** Refused keys remembered in this process at most (see `refusals`). */
const maxRememberedRefusals = 10_000;

/**
 * Adds one hit to `key`'s counter and answers the count and the milliseconds left in its window, in one statement, so
 * replicas counting the same key at the same moment each see a distinct count. A window starts at a key's first hit
 * and lasts `timeWindow` (as @fastify/rate-limit's in-memory store counts); a hit after it ends starts the next one.
 * Time is the database's, so replicas whose clocks differ still agree on when a window ends.
 */
async function countHit(db: Kysely<any>, key: string, timeWindow: number, max: number, settings: StoreSettings): Promise<Counted> {
  const window = sql`(${timeWindow}::float8 * interval '1 millisecond')`;
  const exceeded = sql`c.hits + 1 > ${max}::int`;
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_counters as c (key, hits, resets_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
      resets_at = case
        when c.resets_at <= now() then now() + ${window}
        when ${settings.continueExceeding === true}::boolean and ${exceeded} then now() + ${window}
        when ${settings.exponentialBackoff === true}::boolean and ${exceeded}
          then now() + least(${window} * power(2, c.hits - ${max}::int), interval '100 years')
        else c.resets_at
      end
    returning hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::float8 as ttl`.execute(db);
  const row = rows[0]!;
  return { current: row.hits, ttl: Math.ceil(row.ttl) };
}

/**
 * A @fastify/rate-limit store that counts in the service's PostgreSQL (or PGlite) database, in the kit's
 * `rate_limit_counters` table, so every replica of a service shares each limit: two replicas no longer let a client
 * through twice as often. Route limits and `createRateLimit` buckets each count under their own prefix.
 *
 * A key already past its limit is answered from this process's memory until its window ends: the refusal cannot
 * change before then whatever other replicas count (the window only moves with `continueExceeding` or
 * `exponentialBackoff`, where every hit is counted in the database), and a client hammering a limit costs the
 * database nothing. Counts under the limit always go to the database.
 *
 * While the database cannot be reached, requests are let through uncounted (and a warning logged): a route that needs
 * the database answers 503 by itself, and one that does not (a 404, the API document) keeps working. Any other error
 * is the request's error.
 *
 * Buckets made with `createRateLimit` have no route, so they share one prefix: give each its own `keyGenerator` prefix.
 */
export function sharedRateLimitStore(
  db: Kysely<any>,
  { log, sweepEveryMs = defaultSweepEveryMs }: { log?: FastifyBaseLogger; sweepEveryMs?: number } = {},
): FastifyRateLimitStoreCtor {
  let nextSweep = Date.now() + sweepEveryMs;
  const refusals = new Map<string, { current: number; until: number }>();

  async function sweep(): Promise<void> {
    nextSweep = Date.now() + sweepEveryMs;
    try {
      await sql`delete from rate_limit_counters where key in (
        select key from rate_limit_counters where resets_at < now() order by resets_at limit ${sweepBatch})`.execute(db);
    } catch (err) {
      log?.warn({ err }, 'could not delete ended rate-limit windows; the next sweep tries again');
    }
  }

  function remember(key: string, counted: Counted): void {
    if (refusals.size >= maxRememberedRefusals) {
      const now = Date.now();
      for (const [remembered, refusal] of refusals) if (refusal.until <= now) refusals.delete(remembered);
      if (refusals.size >= maxRememberedRefusals) return;
    }
    refusals.set(key, { current: counted.current, until: Date.now() + counted.ttl });
  }

  async function increment(key: string, timeWindow: number, max: number, settings: StoreSettings): Promise<Counted> {
    const fixedWindow = !settings.continueExceeding && !settings.exponentialBackoff;
    const refused = fixedWindow ? refusals.get(key) : undefined;
    if (refused) {
      const ttl = refused.until - Date.now();
      if (ttl > 0) {
        refused.current += 1;
        return { current: refused.current, ttl };
      }
      refusals.delete(key);
    }
    if (Date.now() >= nextSweep) await sweep();
    const counted = await countHit(db, key, timeWindow, max, settings);
    if (fixedWindow && counted.current > max) remember(key, counted);
    return counted;
  }

  // Not `implements FastifyRateLimitStore`: its typings say `child` receives the route's options, but the plugin passes
  // the merged limit settings with the route as `routeInfo` (as its own stores read them).
  class SharedRateLimitStore {
    constructor(
      private readonly settings: StoreSettings,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow?: number, max?: number): void {
      const window = timeWindow ?? 60_000;
      increment(this.prefix + key, window, max ?? 1000, this.settings).then(
        (counted) => callback(null, counted),
        (err: unknown) => {
          if (!isConnectionError(err)) return callback(err instanceof Error ? err : new Error(String(err)));
          log?.warn({ err }, 'rate limits cannot be counted while the database is unreachable; letting the request through');
          callback(null, { current: 0, ttl: window });
        },
      );
    }

    /** A route's own limit (its method and URL) or a `createRateLimit` bucket (which has no route): a counter apart. */
    child(options: StoreSettings & { routeInfo?: { method?: unknown; url?: unknown } }): SharedRateLimitStore {
      const route = options.routeInfo?.url === undefined ? 'bucket' : `${String(options.routeInfo.method)} ${String(options.routeInfo.url)}`;
      return new SharedRateLimitStore(options, `${route}:`);
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
