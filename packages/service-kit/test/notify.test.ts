import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDatabase,
  LISTEN_APPLICATION_NAME,
  MAX_NOTIFY_PAYLOAD_BYTES,
  notify,
  type Database,
  type DatabaseConfig,
} from '../src/db/index.ts';
import { createTestDatabase } from '../src/testing/index.ts';
import { findPostgresBin, startPrivateCluster, type PrivateCluster } from './support/notify-cluster.ts';

type Opened = { config: DatabaseConfig; cleanup(): Promise<void> };

// Both drivers in every run, whatever TEST_DB says.
const drivers: { name: string; kind: 'postgres' | 'pglite'; open(): Promise<Opened> }[] = [
  {
    name: 'PostgreSQL',
    kind: 'postgres',
    open: () => createTestDatabase({ driver: 'postgres' }),
  },
  {
    name: 'PGlite',
    kind: 'pglite',
    open: async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'notify-pglite-'));
      return { config: { dataDir }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
];

const WAIT = { timeout: 15_000, interval: 10 };

function collector() {
  const payloads: string[] = [];
  return { payloads, handler: (payload: string) => void payloads.push(payload) };
}

/** Sends from a connection of its own, as another replica would. */
async function notifyFromOutside(url: string, channel: string, payload: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_notify($1, $2)', [channel, payload]);
  } finally {
    await client.end();
  }
}

/** Listening connections of this kit to the database at `url`, seen from a connection of its own. */
async function listenConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTEN_APPLICATION_NAME],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.each(drivers)('listen/notify on $name', (driver) => {
  let opened: Opened;
  let database: Database<unknown>;
  const listenErrors: Error[] = [];

  beforeAll(async () => {
    opened = await driver.open();
    database = await createDatabase(opened.config);
    expect(database.kind).toBe(driver.kind);
  });

  afterAll(async () => {
    await database?.close();
    await opened?.cleanup();
  });

  /** A database of its own (a PGlite folder must never be opened twice), for tests that close it. */
  async function withOwnDatabase(test: (own: Database<unknown>) => Promise<void>): Promise<void> {
    const ownOpened = await driver.open();
    const own = await createDatabase<unknown>({ ...ownOpened.config, onListenError: (err) => listenErrors.push(err) });
    try {
      await test(own);
    } finally {
      await own.close();
      await ownOpened.cleanup();
    }
  }

  it('delivers a notification sent in a transaction when it commits', async () => {
    const jobs = collector();
    const marker = collector();
    await database.listen('jobs', jobs.handler);
    await database.listen('commit_marker', marker.handler);

    await database.db.transaction().execute(async (trx) => {
      await notify(trx, 'jobs', '41');
      if (database.kind === 'postgres') {
        // Another session's notification arrives first, while this transaction is still open: '41' must not have.
        await notify(database.db, 'commit_marker', 'open');
        await vi.waitFor(() => expect(marker.payloads).toEqual(['open']), WAIT);
        expect(jobs.payloads).toEqual([]);
      }
    });
    await vi.waitFor(() => expect(jobs.payloads).toEqual(['41']), WAIT);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const received = collector();
    await database.listen('rollback_test', received.handler);

    await expect(
      database.db.transaction().execute(async (trx) => {
        await notify(trx, 'rollback_test', 'rolled back');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // Delivered in commit order: had the rolled-back one been sent, it would arrive before this one.
    await notify(database.db, 'rollback_test', 'committed');

    await vi.waitFor(() => expect(received.payloads).toContain('committed'), WAIT);
    expect(received.payloads).toEqual(['committed']);
  });

  it('keeps channels apart and delivers to every handler of a channel', async () => {
    const bookings = collector();
    const tracking = collector();
    const trackingToo = collector();
    await database.listen('booking.assigned', bookings.handler);
    await database.listen('tracking:location-1', tracking.handler);
    await database.listen('tracking:location-1', trackingToo.handler);

    await database.db.transaction().execute(async (trx) => {
      await notify(trx, 'booking.assigned', 'appointment 7');
      await notify(trx, 'tracking:location-1', 'technician 3');
    });
    await notify(database.db, 'booking.assigned', 'appointment 8');

    await vi.waitFor(() => expect(bookings.payloads).toEqual(['appointment 7', 'appointment 8']), WAIT);
    await vi.waitFor(() => expect(tracking.payloads).toEqual(['technician 3']), WAIT);
    await vi.waitFor(() => expect(trackingToo.payloads).toEqual(['technician 3']), WAIT);
    if (database.kind === 'postgres') {
      // All channels share one dedicated connection, not one per channel or a pooled one.
      expect(await listenConnections(database.url!)).toBe(1);
    }
  });

  it('stops delivering to a handler after unlisten, and to the channel after its last one', async () => {
    const first = collector();
    const second = collector();
    const marker = collector();
    const unlistenFirst = await database.listen('unlisten_test', first.handler);
    const unlistenSecond = await database.listen('unlisten_test', second.handler);
    await database.listen('unlisten_marker', marker.handler);

    await unlistenFirst();
    await unlistenFirst();
    await notify(database.db, 'unlisten_test', 'to the second only');
    await vi.waitFor(() => expect(second.payloads).toEqual(['to the second only']), WAIT);
    expect(first.payloads).toEqual([]);

    await unlistenSecond();
    await notify(database.db, 'unlisten_test', 'to nobody');
    await notify(database.db, 'unlisten_marker', 'sent after');
    await vi.waitFor(() => expect(marker.payloads).toEqual(['sent after']), WAIT);
    expect(first.payloads).toEqual([]);
    expect(second.payloads).toEqual(['to the second only']);
    if (database.kind === 'pglite') {
      // The app's own session is the listening one: the channel was really UNLISTENed.
      const { rows } = await sql<{ channel: string }>`select pg_listening_channels() as channel`.execute(database.db);
      expect(rows.map((r) => r.channel)).not.toContain('unlisten_test');
    }
  });

  it(`refuses a payload over ${MAX_NOTIFY_PAYLOAD_BYTES} bytes and delivers one at the limit intact`, async () => {
    const received = collector();
    await database.listen('payload_test', received.handler);

    // 4000 characters but 8000 bytes in UTF-8: the limit counts bytes.
    await expect(notify(database.db, 'payload_test', 'é'.repeat(4000))).rejects.toThrow(
      new RangeError(
        `Notification payload is 8000 bytes; the limit is ${MAX_NOTIFY_PAYLOAD_BYTES}. Send an id and let the listener read the record.`,
      ),
    );
    const atLimit = `${'é'.repeat(3999)}x`;
    await notify(database.db, 'payload_test', atLimit);
    await vi.waitFor(() => expect(received.payloads).toEqual([atLimit]), WAIT);
  });

  it('refuses channel names that are not identifier-like, on listen and on notify', async () => {
    const invalid = ['', 'Jobs', '1jobs', 'jobs"; drop table x; --', 'jobs channel', 'j'.repeat(64)];
    const message = /^Invalid notification channel .*: use 1 to 63 characters from a-z, 0-9, _ \. : - starting with a letter or _$/;
    for (const channel of invalid) {
      await expect(database.listen(channel, () => undefined)).rejects.toThrow(message);
      await expect(notify(database.db, channel, 'x')).rejects.toThrow(message);
    }

    const longest = collector();
    await database.listen('j'.repeat(63), longest.handler);
    await notify(database.db, 'j'.repeat(63), 'ok');
    await vi.waitFor(() => expect(longest.payloads).toEqual(['ok']), WAIT);
  });

  it('waits for an open app transaction before listening, so a rollback cannot undo the LISTEN', async () => {
    const received = collector();
    const trx = await database.db.startTransaction().execute();
    const listening = database.listen('after_rollback', received.handler);
    await sql`select 1`.execute(trx);
    await trx.rollback().execute();
    await listening;

    await notify(database.db, 'after_rollback', 'still listening');
    await vi.waitFor(() => expect(received.payloads).toEqual(['still listening']), WAIT);
  });

  it('reports a throwing handler and still delivers to the others', () =>
    withOwnDatabase(async (own) => {
      const received = collector();
      await own.listen('throwing', () => {
        throw new Error('handler bug');
      });
      await own.listen('throwing', received.handler);

      await notify(own.db, 'throwing', '1');
      await vi.waitFor(() => expect(received.payloads).toEqual(['1']), WAIT);
      const reported = () => listenErrors.map((e) => [e.message, (e.cause as Error).message]);
      await vi.waitFor(() => expect(reported()).toContainEqual(['A notification handler threw', 'handler bug']), WAIT);
    }));

  it('close() ends listening: later listens are refused, unlisten is harmless, the connection is gone', () =>
    withOwnDatabase(async (own) => {
      const unlisten = await own.listen('close_test', () => undefined);
      if (own.kind === 'postgres') expect(await listenConnections(own.url!)).toBe(1);

      await own.close();

      await expect(own.listen('close_test', () => undefined)).rejects.toThrow(
        'The database is closed; notifications are no longer available',
      );
      await expect(unlisten()).resolves.toBeUndefined();
      if (own.kind === 'postgres') {
        await vi.waitFor(async () => expect(await listenConnections(own.url!)).toBe(0), WAIT);
      } else {
        expect(own.pglite!.closed).toBe(true);
      }
    }));
});

it('close() closes a PGlite instance even when nothing ever queried it', async () => {
  const opened = await drivers.find((d) => d.kind === 'pglite')!.open();
  const database = await createDatabase<unknown>(opened.config);
  try {
    await database.close();
    expect(database.pglite!.closed).toBe(true);
  } finally {
    await opened.cleanup();
  }
});

const postgresBin = findPostgresBin();

describe.skipIf(!postgresBin)(
  `PostgreSQL listening connection when its server goes away (private cluster${postgresBin ? '' : '; skipped: no initdb under /usr/lib/postgresql/*/bin'})`,
  () => {
    let cluster: PrivateCluster | undefined;
    const OUTAGE_WAIT = { timeout: 60_000, interval: 20 };

    beforeAll(async () => {
      cluster = await startPrivateCluster(postgresBin!);
    }, 120_000);

    afterAll(async () => {
      await cluster?.destroy();
    }, 60_000);

    const open = (errors: Error[]) =>
      createDatabase<unknown>({
        url: cluster!.url,
        onPoolError: () => undefined,
        onListenError: (err) => errors.push(err),
        listenReconnectDelayMs: { initial: 50, max: 1_000 },
      });

    it('reconnects after a restart, listens to every channel again and tells the consumer', async () => {
      const errors: Error[] = [];
      const database = await open(errors);
      try {
        const first = collector();
        const second = collector();
        let reconnects = 0;
        await database.listen('restart_a', first.handler, { onReconnect: () => reconnects++ });
        await database.listen('restart_b', second.handler);
        await notifyFromOutside(cluster!.url, 'restart_a', 'before');
        await vi.waitFor(() => expect(first.payloads).toEqual(['before']), WAIT);

        await cluster!.restart();

        await vi.waitFor(() => expect(reconnects).toBe(1), OUTAGE_WAIT);
        expect(errors.map((e) => e.message)).toContain('LISTEN connection lost; reconnecting');
        await notifyFromOutside(cluster!.url, 'restart_a', 'after');
        await notifyFromOutside(cluster!.url, 'restart_b', 'after');
        await vi.waitFor(() => expect(first.payloads).toEqual(['before', 'after']), WAIT);
        await vi.waitFor(() => expect(second.payloads).toEqual(['after']), WAIT);
        expect(await listenConnections(cluster!.url)).toBe(1);
      } finally {
        await database.close();
      }
    }, 120_000);

    it('keeps retrying while the server is down; a listen made meanwhile resolves once it is back', async () => {
      const errors: Error[] = [];
      const database = await open(errors);
      try {
        const before = collector();
        const during = collector();
        let reconnects = 0;
        await database.listen('outage_before', before.handler, { onReconnect: () => reconnects++ });

        await cluster!.stop();
        const failedAttempts = () => errors.filter((e) => /^LISTEN connection attempt \d+ failed; retrying in \d+ ms$/.test(e.message));
        let listenedDuring = false;
        const listening = database.listen('outage_during', during.handler).then((unlisten) => {
          listenedDuring = true;
          return unlisten;
        });
        await vi.waitFor(() => expect(failedAttempts().length).toBeGreaterThanOrEqual(2), OUTAGE_WAIT);
        expect(listenedDuring).toBe(false);

        await cluster!.start();
        await listening;
        await vi.waitFor(() => expect(reconnects).toBe(1), OUTAGE_WAIT);
        await notifyFromOutside(cluster!.url, 'outage_before', 'back');
        await notifyFromOutside(cluster!.url, 'outage_during', 'back');
        await vi.waitFor(() => expect(before.payloads).toEqual(['back']), WAIT);
        await vi.waitFor(() => expect(during.payloads).toEqual(['back']), WAIT);
      } finally {
        await database.close();
      }
    }, 120_000);

    it('close() during an outage stops the retries and refuses the listens still waiting; a first connect fails fast', async () => {
      const errors: Error[] = [];
      const database = await open(errors);
      await database.listen('close_outage', () => undefined);

      await cluster!.stop();
      const waiting = database.listen('close_outage_waiting', () => undefined);
      await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), OUTAGE_WAIT);

      // Expect the refusal before closing: the listen rejects during close(), and an unwatched rejection is unhandled.
      const refused = expect(waiting).rejects.toThrow('The database is closed; notifications are no longer available');
      await database.close();
      await refused;

      // Never connected yet (server down at start-up, wrong URL): the caller gets the error instead of a wait.
      const freshErrors: Error[] = [];
      const fresh = await open(freshErrors);
      try {
        await expect(fresh.listen('never_connected', () => undefined)).rejects.toThrow(/ECONNREFUSED/);
        expect(freshErrors).toEqual([]);
      } finally {
        await fresh.close();
      }
    }, 120_000);
  },
);
