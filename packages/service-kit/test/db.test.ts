import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDatabase,
  isRetryableTransactionError,
  isSerializationFailure,
  isUniqueViolation,
  migrateToLatest,
  sqlState,
  uniqueViolationConstraint,
  type Database,
  type DatabaseConfig,
} from '../src/db/index.ts';
import { PREPARED_STATEMENT_LIMIT } from '../src/db/pglite-dialect.ts';
import { createTestDatabase } from '../src/testing/index.ts';

type DB = {
  items: { id: Generated<number>; name: string; qty: Generated<number> };
  typed: {
    id: number;
    ts: Date | string | null;
    t: Date | string | null;
    d: string | null;
    n: string | null;
    big: number | null;
  };
};

type Backend = {
  name: string;
  open(): Promise<{ config: DatabaseConfig; kind: 'postgres' | 'pglite'; cleanup(): Promise<void> }>;
};

const tempDir = () => mkdtemp(join(tmpdir(), 'db-test-'));

const backends: Backend[] = [
  {
    name: 'createTestDatabase (real PostgreSQL when reachable)',
    open: () => createTestDatabase(),
  },
  { name: 'pglite in memory', open: async () => ({ config: {}, kind: 'pglite', cleanup: async () => undefined }) },
  {
    name: 'pglite dataDir',
    open: async () => {
      const dir = await tempDir();
      return {
        config: { dataDir: join(dir, 'nested', 'data') },
        kind: 'pglite',
        cleanup: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
];

// Rows read back by the type-parsing test, compared across backends at the end.
const parsedRows = new Map<string, unknown>();

const countItems = async (db: Kysely<DB>) =>
  (await db.selectFrom('items').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow()).c;

const names = async (db: Kysely<DB>) => (await db.selectFrom('items').select('name').orderBy('name').execute()).map((r) => r.name);

describe.each(backends)('database kit on $name', (backend) => {
  let database: Database<DB>;
  let db: Kysely<DB>;
  let cleanup: () => Promise<void>;
  let expectedKind: 'postgres' | 'pglite';

  beforeAll(async () => {
    const opened = await backend.open();
    cleanup = opened.cleanup;
    expectedKind = opened.kind;
    database = await createDatabase<DB>(opened.config);
    db = database.db;
    await sql`
      create table items (id serial primary key, name text not null constraint items_name_key unique, qty int not null default 0);
      create table typed (id int primary key, ts timestamptz, t timestamp, d date, n numeric(12, 2), big int8);
    `.execute(db);
  });

  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  beforeEach(async () => {
    await db.deleteFrom('items').execute();
  });

  it('pings and reports its kind', async () => {
    await database.ping();
    expect(database.kind).toBe(expectedKind);
  });

  it('commits a transaction', async () => {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('items').values({ name: 'a' }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('items').values({ name: 'b' }).execute();
      return row.id;
    });
    expect(typeof id).toBe('number');
    expect(await names(db)).toEqual(['a', 'b']);
  });

  it('rolls a transaction back when the callback throws', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'a' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await countItems(db)).toBe(0);
  });

  it('rolls back a controlled transaction', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ name: 'a' }).execute();
    await trx.rollback().execute();
    expect(await countItems(db)).toBe(0);
  });

  it('supports savepoints: rollbackToSavepoint and releaseSavepoint', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ name: 'a' }).execute();
    const s1 = await trx.savepoint('a').execute();
    await s1.insertInto('items').values({ name: 'b' }).execute();
    const afterRollback = await s1.rollbackToSavepoint('a').execute();
    await afterRollback.insertInto('items').values({ name: 'c' }).execute();
    const s2 = await afterRollback.savepoint('b').execute();
    await s2.insertInto('items').values({ name: 'd' }).execute();
    const released = await s2.releaseSavepoint('b').execute();
    expect(await names(released)).toEqual(['a', 'c', 'd']);
    await released.commit().execute();
    expect(await names(db)).toEqual(['a', 'c', 'd']);
  });

  it('recovers from a failed statement inside a savepoint', async () => {
    await db.insertInto('items').values({ name: 'x' }).execute();
    const trx = await db.startTransaction().execute();
    const sp = await trx.savepoint('before_dup').execute();
    await expect(sp.insertInto('items').values({ name: 'x' }).execute()).rejects.toSatisfy(isUniqueViolation);
    const recovered = await sp.rollbackToSavepoint('before_dup').execute();
    await recovered.insertInto('items').values({ name: 'y' }).execute();
    await recovered.commit().execute();
    expect(await names(db)).toEqual(['x', 'y']);
  });

  it('detects a unique violation and names the constraint', async () => {
    await db.insertInto('items').values({ name: 'dup' }).execute();
    const err = await db
      .insertInto('items')
      .values({ name: 'dup' })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
    expect(sqlState(err)).toBe('23505');
    expect(uniqueViolationConstraint(err)).toBe('items_name_key');
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('is usable after a failed statement in a rolled back transaction (no stuck session)', async () => {
    await db.insertInto('items').values({ name: 'dup' }).execute();
    const err = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'new' }).execute();
        await trx.insertInto('items').values({ name: 'dup' }).execute();
      })
      .catch((e: unknown) => e);
    expect(uniqueViolationConstraint(err)).toBe('items_name_key');

    const trx = await db.startTransaction().execute();
    await expect(sql`select * from no_such_table`.execute(trx)).rejects.toMatchObject({ code: '42P01' });
    await trx.rollback().execute();

    await expect(sql`select 1/0`.execute(db)).rejects.toMatchObject({ code: '22012' });
    await database.ping();
    expect(await names(db)).toEqual(['dup']);
    await db.insertInto('items').values({ name: 'after' }).execute();
    expect(await names(db)).toEqual(['after', 'dup']);
  });

  it('is usable after a statement that fails to parse or to bind, with and without parameters', async () => {
    await expect(sql`selec ${1}::int`.execute(db)).rejects.toMatchObject({ code: '42601' });
    await expect(sql`selec 1`.execute(db)).rejects.toMatchObject({ code: '42601' });
    await expect(sql`select ${'not a number'}::int`.execute(db)).rejects.toMatchObject({ code: '22P02' });
    await expect(sql`select ${'x'}::int; select 2`.execute(db)).rejects.toMatchObject({ code: '42601' });

    const { rows } = await sql<{ answer: number; label: string }>`select ${41}::int + 1 as answer, ${'ok'}::text as label`.execute(db);
    expect(rows).toEqual([{ answer: 42, label: 'ok' }]);
    await db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'after a parse error' }).execute());
    expect(await names(db)).toEqual(['after a parse error']);
  });

  // PGlite keeps each parameterised statement prepared for its session (pglite-dialect.ts); these hold on both drivers.
  it('runs a statement again after its table changed under it, and refuses it only inside the transaction it broke', async () => {
    await sql`create table reshaped (id int primary key, label text)`.execute(db);
    await sql`insert into reshaped values (1, 'one')`.execute(db);
    const read = (on: Kysely<DB>) => sql<Record<string, unknown>>`select * from reshaped where id = ${1}`.execute(on);
    expect((await read(db)).rows).toEqual([{ id: 1, label: 'one' }]);

    await sql`alter table reshaped add column extra int not null default 7`.execute(db);
    expect((await read(db)).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);

    await sql`alter table reshaped drop column extra`.execute(db);
    const inside = db.transaction().execute(async (trx) => (await read(trx)).rows);
    if (expectedKind === 'pglite') {
      // The refusal ends the transaction, so it cannot be retried there; the caller sees it and the next run works.
      await expect(inside).rejects.toThrow(/cached plan must not change result type/);
    } else {
      await expect(inside).resolves.toEqual([{ id: 1, label: 'one' }]);
    }
    expect((await read(db)).rows).toEqual([{ id: 1, label: 'one' }]);
    await sql`drop table reshaped`.execute(db);
  });

  it('runs more distinct statements than a session keeps prepared, each with its own result', async () => {
    const distinct = PREPARED_STATEMENT_LIMIT + 20;
    for (let i = 0; i < distinct; i += 1) {
      const { rows } = await sql<{ n: number }>`select ${i}::int + ${sql.lit(i)} as n`.execute(db);
      expect(rows).toEqual([{ n: 2 * i }]);
    }
    // The first ones were closed to make room and are prepared again.
    const { rows } = await sql<{ n: number }>`select ${3}::int + ${sql.lit(0)} as n`.execute(db);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('keeps outside queries out of an open transaction', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ name: 'uncommitted' }).execute();

    const events: string[] = [];
    const outsideRead = db
      .selectFrom('items')
      .select('name')
      .where('name', '=', 'uncommitted')
      .execute()
      .then((rows) => {
        events.push('read');
        return rows.length;
      });
    const outsideWrite = db
      .insertInto('items')
      .values({ name: 'outside' })
      .execute()
      .then(() => events.push('write'));

    if (database.kind === 'pglite') {
      // One session: both wait for the transaction to end, while the transaction's own statements still answer (and
      // see its own row); a query that slipped into the session would have answered before this one.
      expect(await trx.selectFrom('items').select('name').execute()).toEqual([{ name: 'uncommitted' }]);
      expect(events).toEqual([]);
    } else {
      // Separate pooled connections: both complete while the transaction is open.
      await Promise.all([outsideRead, outsideWrite]);
    }
    events.push('rollback');
    await trx.rollback().execute();
    const [readCount] = await Promise.all([outsideRead, outsideWrite]);

    // Neither saw nor joined the transaction: the uncommitted row is invisible, the outside row survives the rollback.
    expect(readCount).toBe(0);
    expect(await names(db)).toEqual(['outside']);
    if (database.kind === 'pglite') expect(events).toEqual(['rollback', 'read', 'write']); // FIFO
    else expect([...events.slice(0, 2).sort(), events[2]]).toEqual(['read', 'write', 'rollback']);
  });

  it('runs concurrent transactions without losing or leaking rows', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('items').values({ name: `c${i}` }).execute();
          // A second round trip keeps the transaction open while the others run theirs.
          expect(await trx.selectFrom('items').select('name').where('name', '=', `c${i}`).execute()).toHaveLength(1);
          if (i % 2 === 1) throw new Error(`fail ${i}`);
          await trx.insertInto('items').values({ name: `c${i}-2` }).execute();
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
    expect(await names(db)).toEqual(['c0', 'c0-2', 'c2', 'c2-2', 'c4', 'c4-2', 'c6', 'c6-2', 'c8', 'c8-2']);
  });

  it('reports affected rows for insert, update, delete and raw statements', async () => {
    const inserted = await db.insertInto('items').values([{ name: 'a' }, { name: 'b' }, { name: 'c' }]).executeTakeFirstOrThrow();
    expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
    const updated = await db.updateTable('items').set({ qty: 5 }).where('name', '!=', 'c').executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);
    const raw = await sql`update items set qty = qty + 1`.execute(db);
    expect(raw.numAffectedRows).toBe(3n);
    const rawParams = await sql`delete from items where name = ${'a'}`.execute(db);
    expect(rawParams.numAffectedRows).toBe(1n);
    const deleted = await db.deleteFrom('items').executeTakeFirstOrThrow();
    expect(deleted.numDeletedRows).toBe(2n);
    const selected = await sql`select 1 as one`.execute(db);
    expect(selected.numAffectedRows).toBeUndefined();
    expect(selected.rows).toEqual([{ one: 1 }]);
  });

  it('parses dates, timestamps, numeric and int8 the same way', async () => {
    await db.deleteFrom('typed').execute();
    await db
      .insertInto('typed')
      .values([
        {
          id: 1,
          ts: new Date('2026-11-22T10:11:12.345Z'),
          t: '2026-11-22 10:11:12.345',
          d: '2026-11-22',
          n: '12345.60',
          big: 9_007_199_254_740_991,
        },
        { id: 2, ts: '2026-01-31T23:30:00+05:30', t: null, d: '0001-01-01', n: null, big: -1 },
        { id: 3, ts: 'infinity', t: null, d: null, n: '0', big: null },
      ])
      .execute();
    const rows = await db.selectFrom('typed').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      {
        id: 1,
        ts: new Date('2026-11-22T10:11:12.345Z'),
        t: new Date('2026-11-22T10:11:12.345Z'),
        d: '2026-11-22',
        n: '12345.60',
        big: 9_007_199_254_740_991,
      },
      { id: 2, ts: new Date('2026-01-31T18:00:00Z'), t: null, d: '0001-01-01', n: null, big: -1 },
      { id: 3, ts: Infinity, t: null, d: null, n: '0.00', big: null },
    ]);

    const extras = await sql<Record<string, unknown>>`
      select count(*) as c,
             sum(big) as total,
             '2026-11-22T23:30:00Z'::timestamptz::date as utc_day,
             array[date '2026-01-02', null] as dates,
             array[1, 2]::int8[] as bigs,
             array[1.5]::numeric[] as nums,
             array[timestamptz '2026-01-02T03:04:05Z'] as stamps,
             '{"a": 1}'::jsonb as j,
             true as b,
             array['x', null, 'NULL'] as texts,
             array[1, null]::int8[] as bigs_null,
             array['{"a":1}', null]::jsonb[] as jsons,
             '{{1,NULL},{NULL,2}}'::int4[] as matrix,
             array['a,b', 'c"d', '', ' sp '] as quoted,
             interval '1 day 2 hours' as iv,
             array[interval '90 minutes', null] as ivs,
             array[time '10:30', null] as times
      from typed`.execute(db);
    expect(extras.rows).toEqual([
      {
        c: 3,
        total: '9007199254740990',
        utc_day: '2026-11-22',
        dates: ['2026-01-02', null],
        bigs: [1, 2],
        nums: ['1.5'],
        stamps: [new Date('2026-01-02T03:04:05Z')],
        j: { a: 1 },
        b: true,
        texts: ['x', null, 'NULL'],
        bigs_null: [1, null],
        jsons: [{ a: 1 }, null],
        matrix: [
          [1, null],
          [null, 2],
        ],
        quoted: ['a,b', 'c"d', '', ' sp '],
        iv: '1 day 02:00:00',
        ivs: ['01:30:00', null],
        times: ['10:30:00', null],
      },
    ]);
    parsedRows.set(backend.name, { rows, extras: extras.rows });
  });

  it('runs several statements in one raw query on both drivers', async () => {
    await sql`insert into items (name) values ('m1'); insert into items (name) values ('m2')`.execute(db);
    expect(await names(db)).toEqual(['m1', 'm2']);
  });

  it('refuses streaming with a clear error', async () => {
    await expect(async () => {
      for await (const row of db.selectFrom('items').selectAll().stream()) void row;
    }).rejects.toThrow(/stream|cursor/i);
    await database.ping();
  });

  describe('migrations', () => {
    const init: Migration = {
      async up(m) {
        await m.schema
          .createTable('m_users')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .execute();
      },
    };
    const addIndex: Migration = {
      async up(m) {
        await m.schema.createIndex('m_users_email_idx').on('m_users').column('email').execute();
      },
    };
    const broken: Migration = {
      async up(m) {
        await m.schema.createTable('m_half_done').addColumn('id', 'integer').execute();
        await sql`select * from missing_table`.execute(m);
      },
    };

    const executed = async () =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);

    it('runs once and is idempotent on re-run', async () => {
      const migrations = { '2026-11-22T0000-init': init, '2026-11-23T0000-email-index': addIndex };
      await migrateToLatest(db, migrations);
      await migrateToLatest(db, migrations);
      expect(await executed()).toEqual(['2026-11-22T0000-init', '2026-11-23T0000-email-index']);
      await sql`insert into m_users (email) values ('a@example.com')`.execute(db);
    });

    it('throws an error naming the failed migration and rolls it back', async () => {
      const migrations = {
        '2026-11-22T0000-init': init,
        '2026-11-23T0000-email-index': addIndex,
        '2026-11-24T0000-broken': broken,
      };
      const err = await migrateToLatest(db, migrations).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/^migration "2026-11-24T0000-broken" failed: .*missing_table/);
      expect(sqlState(err)).toBe('42P01');
      expect(await executed()).toEqual(['2026-11-22T0000-init', '2026-11-23T0000-email-index']);
      const halfDone = await sql`select to_regclass('m_half_done') as t`.execute(db);
      expect(halfDone.rows).toEqual([{ t: null }]);
      await database.ping();
    });
  });
});

describe('across drivers', () => {
  it('parsed identical rows on every backend', () => {
    const [first, ...rest] = [...parsedRows.values()];
    expect(parsedRows.size).toBe(backends.length);
    for (const other of rest) expect(other).toEqual(first);
  });
});

describe('PGlite dataDir', () => {
  it('keeps data across close and reopen', async () => {
    const dir = await tempDir();
    try {
      const first = await createDatabase<DB>({ dataDir: dir });
      await migrateToLatest(first.db, {
        '2026-11-22T0000-init': {
          async up(m) {
            await sql`create table items (id serial primary key, name text not null unique, qty int not null default 0)`.execute(m);
          },
        },
      });
      await first.db.insertInto('items').values({ name: 'persisted' }).execute();
      await first.close();
      await first.close(); // idempotent

      const second = await createDatabase<DB>({ dataDir: dir });
      expect(second.kind).toBe('pglite');
      expect(await names(second.db)).toEqual(['persisted']);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('createTestDatabase', () => {
  it('creates an isolated database and drops it on cleanup', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    expect(a.kind).toBe(b.kind);
    expect(a.config).not.toEqual(b.config);
    const poolErrors: Error[] = [];
    // Its idle connection stays open (test pools close theirs after 1 s, which on a busy machine came before the
    // cleanup below, leaving nothing for it to terminate).
    const dbA = await createDatabase<DB>({ ...a.config, idleTimeoutMillis: 600_000, onPoolError: (e) => poolErrors.push(e) });
    await sql`create table only_in_a (id int)`.execute(dbA.db);
    const dbB = await createDatabase<DB>(b.config);
    expect((await sql`select to_regclass('only_in_a') as t`.execute(dbB.db)).rows).toEqual([{ t: null }]);
    await dbB.close();
    await b.cleanup();

    if (a.kind === 'postgres') {
      // cleanup also terminates sessions that are still open
      await a.cleanup();
      const name = new URL(a.config.url ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      const left = await admin.query('select 1 from pg_database where datname = $1', [name]);
      await admin.end();
      expect(left.rowCount).toBe(0);
      // The killed idle connection is reported to onPoolError instead of crashing the process.
      await expect.poll(() => poolErrors.map((e) => sqlState(e))).toEqual(['57P01']);
      await dbA.close();
    } else {
      await dbA.close();
      await a.cleanup();
    }
  });

  it('uses PGlite when TEST_DB=pglite', async () => {
    const previous = process.env.TEST_DB;
    process.env.TEST_DB = 'pglite';
    try {
      const t = await createTestDatabase();
      expect(t.kind).toBe('pglite');
      expect(t.config.url).toBeUndefined();
      await t.cleanup();
    } finally {
      if (previous === undefined) delete process.env.TEST_DB;
      else process.env.TEST_DB = previous;
    }
  });
});

describe('error helpers', () => {
  it('look through wrapped errors and fall back to the message', () => {
    const pgLike = { code: '23505', message: 'duplicate key value violates unique constraint "users_email_key"' };
    expect(isUniqueViolation(new Error('wrapped', { cause: pgLike }))).toBe(true);
    expect(uniqueViolationConstraint(pgLike)).toBe('users_email_key');
    expect(uniqueViolationConstraint({ ...pgLike, constraint: 'explicit' })).toBe('explicit');
    expect(uniqueViolationConstraint({ code: '23503', constraint: 'fk' })).toBeUndefined();
    expect(isSerializationFailure({ code: '40001' })).toBe(true);
    expect(isRetryableTransactionError({ code: '40P01' })).toBe(true);
    expect(isSerializationFailure(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
