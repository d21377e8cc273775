import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messageKinds, type MessageKind } from '@repo/contracts';
import { createDatabase, migrateToLatest, type Database } from '@repo/service-kit/db';
import { createMigratedTestDatabase, type TestDatabase } from '@repo/service-kit/testing';
import { kinds } from '../src/db/migrations/2026-12-30T0000-invoice-kind.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { NotificationsDatabase } from '../src/db/schema.ts';

let testDatabase: TestDatabase;
let database: Database<NotificationsDatabase>;
beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase({ owner: 'notifications', migrations });
  database = await createDatabase<NotificationsDatabase>(testDatabase.config);
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.cleanup();
});

// The kinds added after 2026-12-19: a customer's email change (2026-12-20), a part arrived (2026-12-24) and an invoice (2026-12-30).
const laterKinds: MessageKind[] = ['email-change-proof', 'email-change-attempt', 'email-changed', 'part-arrived', 'invoice'];
const at = new Date('2026-12-01T15:00:00.000Z');
const store = (kind: MessageKind, key: string) =>
  database.db
    .insertInto('messages')
    .values({ message_key: key, kind, channel: 'email', recipient: 'pat@example.com', email_message_id: `<${key}@example.com>`, state: 'sent', subject: kind, text_body: kind, html_body: `<p>${kind}</p>`, created_at: at, updated_at: at })
    .execute();
const storedKinds = async () => (await database.db.selectFrom('messages').select('kind').orderBy('id').execute()).map((row) => row.kind);
const migrator = () => new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });

it('allows every kind of the contracts, and its list is theirs: a new kind needs a migration of its own', async () => {
  expect([...kinds].sort()).toEqual([...messageKinds].sort());
  for (const kind of messageKinds) await store(kind, `every-kind.${kind}`);
  expect(await storedKinds()).toEqual([...messageKinds]);
});

it('down removes the later kinds and their messages, keeping every other; up allows them again', async () => {
  const { error, results } = await migrator().migrateTo('2026-12-19T0000-message-preferences');
  expect(error).toBeUndefined();
  expect(results?.map((result) => [result.migrationName, result.direction, result.status])).toEqual([
    ['2026-12-30T0000-invoice-kind', 'Down', 'Success'],
    ['2026-12-24T0000-part-arrived-kind', 'Down', 'Success'],
    ['2026-12-22T0000-early-text-statuses', 'Down', 'Success'],
    ['2026-12-21T0000-body-retention', 'Down', 'Success'],
    ['2026-12-20T0000-email-change-kinds', 'Down', 'Success'],
  ]);
  expect(await storedKinds()).toEqual(messageKinds.filter((kind) => !laterKinds.includes(kind)));
  for (const kind of laterKinds) {
    await expect(store(kind, `after-down.${kind}`)).rejects.toMatchObject({ code: '23514', constraint: 'messages_kind_check' });
  }
  // The kinds allowed before it are allowed still.
  await store('sign-in-alert', 'after-down.sign-in-alert');

  expect(await migrateToLatest(database.db, migrations)).toEqual([
    '2026-12-20T0000-email-change-kinds',
    '2026-12-21T0000-body-retention',
    '2026-12-22T0000-early-text-statuses',
    '2026-12-24T0000-part-arrived-kind',
    '2026-12-30T0000-invoice-kind',
  ]);
  for (const kind of laterKinds) await store(kind, `after-up.${kind}`);
  expect((await storedKinds()).filter((kind) => laterKinds.includes(kind))).toEqual(laterKinds);
});
