import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import { isConnectionError, isRetryableTransactionError, sqlState } from '../db/errors.ts';

type Counted = { current: number; ttl: number };
type StoreSettings = Pick<RateLimitOptions, 'continueExceeding' | 'exponentialBackoff'>;
/** Hits on keys counted under the same window and limit, waiting for one statement: per key, one waiter per hit. */
type Batch = { timeWindow: number; max: number; settings: StoreSettings; hits: Map<string, ((counted: Counted) => void)[]>; fail: ((err: unknown) => void)[] };

/** How often one process deletes the counters whose window has ended (any replica's: they are shared). */
const defaultSweepEveryMs = 60_000;
/** Rows one sweep deletes at most, so a sweep after a flood of one-off addresses stays a short statement. */
const sweepBatch = 1_000;
/** Refused keys remembered in this process at most (see `refusals`). */
const maxRememberedRefusals = 10_000;
/** Counting statements one process runs at once; hits arriving meanwhile wait and go in the next one together. */
const maxStatementsInFlight = 4;
/** SQLSTATE of a table that does not exist. */
const undefinedTable = '42P01';
/** Attempts at a counting statement that lost a deadlock or serialization race to another replica's. */
const attempts = 3;

/**
 * Adds the batch's hits to their keys' counters in one statement and answers, per key, the count after them and the
 * milliseconds left in the window. The upsert is atomic per row, so replicas counting one key at the same moment each
 * see distinct counts; keys are taken in sorted order, so two replicas' statements never deadlock on each other.
 * A window starts at a key's first hit and lasts `timeWindow` (as @fastify/rate-limit's in-memory store counts); a hit
 * after it ends starts the next one. Time is the database's, so replicas whose clocks differ agree on when it ends.
 */
async function countHits(db: Kysely<any>, batch: Batch): Promise<Map<string, { hits: number; ttl: number }>> {
  const keys = [...batch.hits.keys()].sort();
  const counts = keys.map((key) => batch.hits.get(key)!.length);
  const window = sql`(${batch.timeWindow}::float8 * interval '1 millisecond')`;
  const exceeded = sql`c.hits + excluded.hits > ${batch.max}::int`;
  const { rows } = await sql<{ key: string; hits: number; ttl: number }>`
    insert into rate_limit_counters as c (key, hits, resets_at)
    select key, n, now() + ${window} from unnest(${keys}::text[], ${counts}::int[]) with ordinality as h(key, n, position) order by position
    on conflict (key) do update set
      hits = case when c.resets_at <= now() then excluded.hits else c.hits + excluded.hits end,
      resets_at = case
        when c.resets_at <= now() then now() + ${window}
        when ${batch.settings.continueExceeding === true}::boolean and ${exceeded} then now() + ${window}
        when ${batch.settings.exponentialBackoff === true}::boolean and ${exceeded}
          then now() + least(${window} * power(2, c.hits + excluded.hits - ${batch.max}::int - 1), interval '100 years')
        else c.resets_at
      end
    returning key, hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::float8 as ttl`.execute(db);
  return new Map(rows.map((row) => [row.key, { hits: row.hits, ttl: Math.ceil(row.ttl) }]));
}

/**
 * A @fastify/rate-limit store that counts in the service's PostgreSQL (or PGlite) database, in the kit's
 * `rate_limit_counters` table, so every replica of a service shares each limit: two replicas no longer let a client
 * through twice as often. Route limits and `createRateLimit` buckets each count under their own prefix.
 *
 * Every hit is counted in the database before it is answered. Hits that arrive while this process already has
 * `maxStatementsInFlight` counting statements running wait for the next one, which counts them all (several on one
 * key add up in one row update, and each is answered the count it would have had one after another): under load,
 * fewer and larger statements, and a popular key is no longer a queue of row locks.
 *
 * A key already past its limit is answered from this process's memory until its window ends: the refusal cannot
 * change before then whatever other replicas count (the window only moves with `continueExceeding` or
 * `exponentialBackoff`, where every hit is counted in the database), and a client hammering a limit costs the
 * database nothing.
 *
 * While the database cannot be reached, requests are let through uncounted (and a warning logged): a route that needs
 * the database answers 503 by itself, and one that does not (a 404, the API document) keeps working. So are they on a
 * database whose migrations are behind (no counters table yet, or taken down), with an error logged: a limit is a
 * protection, and its absence must not fail every request. Any other error is the request's error.
 *
 * Buckets made with `createRateLimit` have no route, so they share one prefix: give each its own `keyGenerator` prefix.
 */
export function sharedRateLimitStore(
  db: Kysely<any>,
  { log, sweepEveryMs = defaultSweepEveryMs }: { log?: FastifyBaseLogger; sweepEveryMs?: number } = {},
): FastifyRateLimitStoreCtor {
  let nextSweep = Date.now() + sweepEveryMs;
  const refusals = new Map<string, { current: number; until: number }>();
  const waiting = new Map<string, Batch>();
  let inFlight = 0;

  async function sweep(): Promise<void> {
    nextSweep = Date.now() + sweepEveryMs;
    try {
      // Rows another statement holds are left for the next sweep rather than waited for.
      await sql`delete from rate_limit_counters where key in (
        select key from rate_limit_counters where resets_at < now() limit ${sweepBatch} for update skip locked)`.execute(db);
    } catch (err) {
      log?.warn({ err }, 'could not delete ended rate-limit windows; the next sweep tries again');
    }
  }

  /**
   * Remembers a refusal until `until`: the statement's send time plus the window's remaining milliseconds as the
   * database counted them. The database measured them at or after the send, so the memory ends no later than the
   * window does, however long the answer took to come back.
   */
  function remember(key: string, counted: Counted, sentAt: number): void {
    if (refusals.size >= maxRememberedRefusals) {
      const now = Date.now();
      for (const [remembered, refusal] of refusals) if (refusal.until <= now) refusals.delete(remembered);
      if (refusals.size >= maxRememberedRefusals) return;
    }
    refusals.set(key, { current: counted.current, until: sentAt + counted.ttl });
  }

  async function run(batch: Batch): Promise<void> {
    try {
      if (Date.now() >= nextSweep) await sweep();
      let counted: Map<string, { hits: number; ttl: number }> | undefined;
      let sentAt = Date.now();
      for (let attempt = 1; !counted; attempt += 1) {
        try {
          sentAt = Date.now();
          counted = await countHits(db, batch);
        } catch (err) {
          if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
        }
      }
      const fixedWindow = !batch.settings.continueExceeding && !batch.settings.exponentialBackoff;
      for (const [key, waiters] of batch.hits) {
        const { hits, ttl } = counted.get(key)!;
        // The hits of this batch were the last `waiters.length` of the count, in the order they arrived.
        waiters.forEach((answer, i) => answer({ current: hits - waiters.length + i + 1, ttl }));
        if (fixedWindow && hits > batch.max) remember(key, { current: hits, ttl }, sentAt);
      }
    } catch (err) {
      for (const fail of batch.fail) fail(err);
    }
  }

  function flush(): void {
    while (inFlight < maxStatementsInFlight && waiting.size > 0) {
      const [signature, batch] = waiting.entries().next().value!;
      waiting.delete(signature);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        flush();
      });
    }
  }

  function increment(key: string, timeWindow: number, max: number, settings: StoreSettings): Promise<Counted> {
    const fixedWindow = !settings.continueExceeding && !settings.exponentialBackoff;
    const refused = fixedWindow ? refusals.get(key) : undefined;
    if (refused) {
      const ttl = refused.until - Date.now();
      if (ttl > 0) {
        refused.current += 1;
        return Promise.resolve({ current: refused.current, ttl });
      }
      refusals.delete(key);
    }
    return new Promise((resolve, reject) => {
      const signature = `${timeWindow}:${max}:${settings.continueExceeding === true}:${settings.exponentialBackoff === true}`;
      let batch = waiting.get(signature);
      if (!batch) waiting.set(signature, (batch = { timeWindow, max, settings, hits: new Map(), fail: [] }));
      const waiters = batch.hits.get(key);
      if (waiters) waiters.push(resolve);
      else batch.hits.set(key, [resolve]);
      batch.fail.push(reject);
      flush();
    });
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
          if (isConnectionError(err)) log?.warn({ err }, 'rate limits cannot be counted while the database is unreachable; letting the request through');
          else if (sqlState(err) === undefinedTable) log?.error({ err }, 'rate limits cannot be counted: the shared-limits migration has not run; letting the request through');
          else return callback(err instanceof Error ? err : new Error(String(err)));
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
