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
  expect((await migrator().migrateTo('2026-11-26T0000-technician-accounts')).error).toBeUndefined();
  expect(await namesLike('service%pro_customers%')).toEqual(renamed);
  expect((await migrator().migrateTo('2026-11-22T0000-init')).error).toBeUndefined();
  expect(await namesLike('service%pro_customers%')).toEqual(renamed.map((name) => name.replace('service_pro_customers', 'servicepro_customers')));
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  expect(await namesLike('service%pro_customers%')).toEqual([
    'service_pro_customers',
    'service_pro_customers_email_search_idx',
    'service_pro_customers_full_name_search_idx',
    'service_pro_customers_id_seq',
    'service_pro_customers_last_name_search_idx',
    'service_pro_customers_list_order_idx',
    'service_pro_customers_phone_digit_runs_idx',
    'service_pro_customers_pkey',
    'service_pro_customers_source_key',
  ]);
});

it('keys imported customers by system and id there, keeps both tables\' phone digits, allows one running import, and goes back', async () => {
  const imported = (system: string | undefined, id: string, phone: string) => ({
    ...(system ? { source_system: system as 'servicetitan' } : {}),
    service_pro_id: id, first_name: 'A', last_name: 'B', email: null, phone, address: '', city: '', state: '', zip_code: '', last_service_date: null, preferred_technician: null, notes: null,
  });
  await service.db.insertInto('service_pro_customers').values([imported(undefined, 'X-1', '(904) 802-1998'), imported('servicetitan', 'X-1', '+1 904.802.1998 ext 7')]).execute();
  await expect(service.db.insertInto('service_pro_customers').values(imported('servicetitan', 'X-1', '')).execute()).rejects.toMatchObject({ code: '23505' });
  const rows = await service.db.selectFrom('service_pro_customers').select(['source_system', 'phone_digits']).where('service_pro_id', '=', 'X-1').orderBy('id').execute();
  expect(rows).toEqual([{ source_system: 'servicepro', phone_digits: '9048021998' }, { source_system: 'servicetitan', phone_digits: '190480219987' }]);
  const customer = await service.db.insertInto('customers').values({ first_name: 'C', last_name: 'D', email: 'c@example.com', phone: '1 (386) 210-0042', address: null, password_hash: 'x', service_pro_customer_id: null, last_login: null }).returning('phone_digits').executeTakeFirstOrThrow();
  expect(customer.phone_digits).toBe('3862100042');

  const job = { system: 'servicepro', company: 'C', status: 'running', started_by: 'a', started_at: new Date(), expected_total: null, error: null, finished_at: null } as const;
  await service.db.insertInto('import_jobs').values(job).execute();
  await expect(service.db.insertInto('import_jobs').values(job).execute()).rejects.toMatchObject({ code: '23505' });
  await service.db.insertInto('import_jobs').values({ ...job, status: 'failed' }).execute();

  expect((await migrator().migrateTo('2026-11-26T0000-technician-accounts')).error).toBeUndefined();
  // One id per customer again: the other system's copy goes.
  expect(await service.db.selectFrom('service_pro_customers').select('service_pro_id').where('service_pro_id', '=', 'X-1').execute()).toEqual([{ service_pro_id: 'X-1' }]);
  expect(await namesLike('import_jobs')).toEqual([]);
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  expect(await service.db.selectFrom('service_pro_customers').select(['source_system', 'phone_digits']).where('service_pro_id', '=', 'X-1').execute()).toEqual([{ source_system: 'servicepro', phone_digits: '9048021998' }]);
});

it('keeps where an import stands (pages saved, next position, page job) instead of a heartbeat, and goes back', async () => {
  const columns = async () =>
    (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'import_jobs' and column_name in ('heartbeat_at', 'pages_saved', 'next_position', 'page_job_id') order by column_name`.execute(service.db)).rows.map((row) => row.column_name);
  const { id } = await service.db
    .insertInto('import_jobs')
    .values({ system: 'servicepro', company: 'C', status: 'succeeded', started_by: 'a', started_at: new Date(), expected_total: 5, error: null, finished_at: new Date(), fetched: 5, created: 5, pages_saved: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(await columns()).toEqual(['next_position', 'page_job_id', 'pages_saved']);
  expect((await migrator().migrateTo('2026-12-04T0000-login-failure-clients')).error).toBeUndefined();
  expect(await columns()).toEqual(['heartbeat_at']);
  const back = await sql<{ created: number; heartbeat_at: Date | null }>`select created, heartbeat_at from import_jobs where id = ${id}`.execute(service.db);
  expect(back.rows).toEqual([{ created: 5, heartbeat_at: expect.any(Date) }]);
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  expect(await service.db.selectFrom('import_jobs').select(['created', 'pages_saved', 'next_position', 'page_job_id']).where('id', '=', id).execute()).toEqual([
    { created: 5, pages_saved: 0, next_position: null, page_job_id: null },
  ]);
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
