import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
import { migrations } from '../src/db/migrations/index.ts';
import type { AccountsDatabase } from '../src/db/schema.ts';
import { accountsService } from '../src/definition.ts';

let service: TestService<AccountsDatabase>;
beforeAll(async () => {
  service = await createTestService(accountsService);
});
afterAll(async () => {
  await service?.close();
});

const namesLike = async (pattern: string) =>
  (await sql<{ relname: string }>`select relname from pg_class where relname like ${pattern} order by relname`.execute(service.db)).rows.map((row) => row.relname);
const migrator = () => new Migrator({ db: service.db, provider: { getMigrations: async () => migrations } });

it('renames the ServicePro table with its sequence and indexes, and back', async () => {
  const renamed = ['service_pro_customers', 'service_pro_customers_id_seq', 'service_pro_customers_pkey', 'service_pro_customers_service_pro_id_key'];
  expect(await namesLike('service%pro_customers%')).toEqual(renamed);
  expect((await migrator().migrateTo('2026-11-22T0000-init')).error).toBeUndefined();
  expect(await namesLike('service%pro_customers%')).toEqual(renamed.map((name) => name.replace('service_pro_customers', 'servicepro_customers')));
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  expect(await namesLike('service%pro_customers%')).toEqual(renamed);
});

it('adds the sessions and login failures tables, and drops them again', async () => {
  const tables = ['login_failures', 'sessions'];
  const present = async () => (await namesLike('%')).filter((name) => tables.includes(name));
  expect(await present()).toEqual(tables);
  expect((await migrator().migrateTo('2026-11-24T0000-service-pro-customers-name')).error).toBeUndefined();
  expect(await present()).toEqual([]);
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  expect(await present()).toEqual(tables);
});
