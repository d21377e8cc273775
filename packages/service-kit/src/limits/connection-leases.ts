import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';

export type ConnectionLeasesOptions = {
  /** The service's database (any schema that includes the kit's shared-limits tables). */
  db: Kysely<any>;
  /** How long a lease counts without a heartbeat: how soon the places of a replica that crashed are free again. */
  ttlMs?: number;
  /** How often this process renews its leases; well under `ttlMs`, so a slow renewal never lets one lapse. */
  heartbeatMs?: number;
  log?: FastifyBaseLogger;
};

export type ConnectionLeases = {
  /**
   * Takes one of `max` places of `key` (a client address, say), counted across every replica on this database.
   * Resolves with the function that gives it back, or undefined when all `max` are taken.
   */
  acquire(key: string, max: number): Promise<(() => Promise<void>) | undefined>;
  /** Stops renewing and gives back every place this process holds (on shutdown). */
  stop(): Promise<void>;
};

const defaultTtlMs = 30_000;

/**
 * Places (live connections, say) capped per key across every replica of a service, in the kit's `connection_leases`
 * table. Each place is a lease row that its process renews while it lives: a replica that crashes cannot give its
 * places back, so they lapse `ttlMs` after its last renewal instead of counting forever.
 *
 * A place is taken under a transaction-scoped advisory lock on its key, so two replicas taking the last place at the
 * same moment count one after the other and only one gets it. If the database cannot be reached, taking a place
 * fails (the caller answers 503); renewals that fail are retried on the next beat and logged.
 */
export function connectionLeases({ db, ttlMs = defaultTtlMs, heartbeatMs = Math.floor(ttlMs / 3), log }: ConnectionLeasesOptions): ConnectionLeases {
  const holder = randomUUID();
  const ttl = sql`(${ttlMs}::float8 * interval '1 millisecond')`;
  const pending = new Set<Promise<unknown>>();
  let stopped = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    return work.finally(() => pending.delete(work));
  };

  const renew = async () => {
    try {
      await sql`update connection_leases set expires_at = now() + ${ttl} where holder = ${holder}`.execute(db);
    } catch (err) {
      log?.warn({ err }, 'could not renew connection leases; retrying on the next beat');
    }
  };
  const heartbeat = setInterval(() => {
    if (!stopped) void track(renew());
  }, heartbeatMs);
  heartbeat.unref();

  async function take(key: string, max: number): Promise<string | undefined> {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('connection_leases'), hashtext(${key}))`.execute(trx);
      await sql`delete from connection_leases where key = ${key} and expires_at <= now()`.execute(trx);
      const { rows } = await sql<{ open: number }>`select count(*)::int as open from connection_leases where key = ${key}`.execute(trx);
      if (rows[0]!.open >= max) return undefined;
      const id = randomUUID();
      await sql`insert into connection_leases (id, key, holder, expires_at) values (${id}, ${key}, ${holder}, now() + ${ttl})`.execute(trx);
      return id;
    });
  }

  async function giveBack(id: string): Promise<void> {
    // After `stop`, every place of this process has been given back at once.
    if (stopped) return;
    try {
      await sql`delete from connection_leases where id = ${id}`.execute(db);
    } catch (err) {
      log?.warn({ err }, 'could not give back a connection lease; it lapses on its own');
    }
  }

  return {
    async acquire(key, max) {
      const id = await track(take(key, max));
      if (id === undefined) return undefined;
      let given: Promise<void> | undefined;
      return () => (given ??= track(giveBack(id)));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      await Promise.allSettled([...pending]);
      try {
        await sql`delete from connection_leases where holder = ${holder}`.execute(db);
      } catch (err) {
        log?.warn({ err }, 'could not give back connection leases on shutdown; they lapse on their own');
      }
    },
  };
}
