import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/index.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../src/testing/index.ts';

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// An owner of this file's own, so no other suite's templates are touched.
const owner = `tpl_test_${randomBytes(4).toString('hex')}`;
const opened: TestDatabase[] = [];

// Two versions of one migration, as an edit to its source makes them (the template's name hashes names and sources).
const notesWithBody: Record<string, Migration> = {
  '2026-01-01T0000-notes': {
    up: async (db: Kysely<unknown>) => {
      await db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('body', 'text').execute();
    },
  },
};
const notesWithTextBody: Record<string, Migration> = {
  '2026-01-01T0000-notes': {
    up: async (db: Kysely<unknown>) => {
      await db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('text_body', 'text').execute();
    },
  },
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const templates = () =>
  admin(async (client) => (await client.query<{ datname: string }>('select datname from pg_database where datistemplate and datname like $1 order by 1', [`tpl_${owner}_%`])).rows.map((row) => row.datname));

async function columnsOf(database: TestDatabase): Promise<string[]> {
  const db = await createDatabase<unknown>(database.config);
  try {
    const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'notes' order by 1`.execute(db.db);
    return rows.map((row) => row.column_name);
  } finally {
    await db.close();
  }
}

afterAll(async () => {
  for (const database of opened) await database.cleanup();
  await admin(async (client) => {
    for (const name of await templates()) {
      await client.query(`alter database "${name}" is_template false`);
      await client.query(`drop database "${name}"`);
    }
  });
});

describe.runIf(process.env.TEST_DB !== 'pglite' && process.env.TEST_DB !== 'testcontainers')('migrated test databases on PostgreSQL', () => {
  it('migrates once into a template and clones every database from it, each on its own', async () => {
    const [first, second] = await Promise.all([createMigratedTestDatabase({ owner, migrations: notesWithBody }), createMigratedTestDatabase({ owner, migrations: notesWithBody })]);
    opened.push(first!, second!);
    expect(await templates()).toHaveLength(1);
    expect(await columnsOf(first!)).toEqual(['body', 'id']);
    expect(first!.config.url).not.toBe(second!.config.url);
    const insert = await createDatabase<{ notes: { id: number; body: string } }>(first!.config);
    await insert.db.insertInto('notes').values({ body: 'only here' } as never).execute();
    await insert.close();
    const other = await createDatabase<{ notes: { body: string } }>(second!.config);
    expect(await other.db.selectFrom('notes').selectAll().execute()).toEqual([]);
    await other.close();
  });

  it('builds a new template when a migration changes, and keeps the recent one another checkout may still use', async () => {
    const changed = await createMigratedTestDatabase({ owner, migrations: notesWithTextBody });
    opened.push(changed);
    expect(await columnsOf(changed)).toEqual(['id', 'text_body']);
    expect(await templates()).toHaveLength(2);
  });
});
