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

it('lets staff_users hold technician sign-ins (one per technician), and takes them away again', async () => {
  const technician = { email: 'tech@example.com', name: 'Tech', role: 'technician', technician_id: 'tech_1', password_hash: 'x' } as const;
  await service.db.insertInto('staff_users').values(technician).execute();
  const second = service.db.insertInto('staff_users').values({ ...technician, email: 'tech2@example.com' }).execute();
  await expect(second).rejects.toMatchObject({ code: '23505' });
  const staffWithTechnician = service.db.insertInto('staff_users').values({ ...technician, email: 'staff@example.com', role: 'staff', technician_id: 'tech_2' }).execute();
  await expect(staffWithTechnician).rejects.toMatchObject({ code: '23514' });
  expect((await migrator().migrateTo('2026-11-25T0000-sessions')).error).toBeUndefined();
  const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'staff_users'`.execute(service.db);
  expect(columns.rows.map((row) => row.column_name)).not.toContain('technician_id');
  expect(await service.db.selectFrom('staff_users').select('email').where('email', '=', technician.email).execute()).toEqual([]);
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
});
