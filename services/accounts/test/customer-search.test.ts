import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema, serviceProCustomerSchema } from '@repo/contracts';
import { customerSearch } from '../src/domain/customer-search.ts';
import { matchesSearch } from '../src/repositories/customer-search.ts';
import { admin, registerCustomer, startAccounts, type AccountsTestService } from './support/accounts.ts';

let service: AccountsTestService;
let staff: { authorization: string };

/** Imported customers: a few named ones, then fillers (Zed Filler NNN) so paging has pages. */
const named = [
  { id: 'SP-1', first: 'Robert', last: 'Alvarez', email: 'robert.alvarez@example.com', phone: '(904) 802-1998' },
  { id: 'SP-2', first: 'Roberta', last: 'Stone', email: 'bobbie@example.com', phone: '904.555.0170' },
  { id: 'SP-3', first: 'Ann', last: "O'Brien", email: null, phone: '+1 386 210 0042' },
  { id: 'SP-4', first: 'Rob', last: 'alvarado', email: 'ROB@Example.com', phone: '386-210-1998' },
  { id: 'SP-5', first: '100%', last: 'Under_Score', email: 'pct@example.com', phone: '1 (904) 210 7777' },
];
const fillers = Array.from({ length: 60 }, (_, i) => ({
  id: `SP-F${i}`,
  first: 'Zed',
  last: `Filler ${String(i).padStart(3, '0')}`,
  email: `zed${i}@example.org`,
  phone: `(904) 333-${String(1000 + i)}`,
}));

beforeAll(async () => {
  service = await startAccounts();
  staff = { authorization: service.bearer({ sub: 'staff:1', role: 'staff' }) };
  await service.db
    .insertInto('service_pro_customers')
    .values([...named, ...fillers].map((c) => ({
      service_pro_id: c.id, first_name: c.first, last_name: c.last, email: c.email, phone: c.phone,
      address: '1 King St', city: 'St Augustine', state: 'FL', zip_code: '32084', last_service_date: null, preferred_technician: null, notes: null,
    })))
    .execute();
});
afterAll(async () => {
  await service?.close();
});

const list = async (path: string, query: string) => {
  const response = await service.app.inject({ method: 'GET', url: `${path}?${query}`, headers: staff });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { serviceProId?: string; email: string | null; lastName: string }[]; total: number; page: number; pageSize: number };
};
const imported = (q: string) => list('/api/admin/servicepro-customers', `q=${encodeURIComponent(q)}`);
const ids = async (q: string) => (await imported(q)).items.map((c) => c.serviceProId);

describe('GET /api/admin/servicepro-customers', () => {
  it('finds by the start of the last name or of "first last", in any letter case, in list order', async () => {
    expect(await ids('alva')).toEqual(['SP-4', 'SP-1']);
    expect(await ids('ROBERT')).toEqual(['SP-1', 'SP-2']);
    expect(await ids('robert alv')).toEqual(['SP-1']);
    expect(await ids("o'br")).toEqual(['SP-3']);
    expect(await ids('lvarez')).toEqual([]);
  });

  it('finds by the start of the email, in any letter case', async () => {
    expect(await ids('rob@')).toEqual(['SP-4']);
    expect(await ids('Bobbie@EX')).toEqual(['SP-2']);
    expect(await ids('example.com')).toEqual([]);
  });

  it('takes like wildcards literally', async () => {
    expect(await ids('100%')).toEqual(['SP-5']);
    expect(await ids('under_s')).toEqual(['SP-5']);
    expect(await ids('under%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
  });

  it('finds a phone by any part of its ten digits, in any format', async () => {
    for (const q of ['(904) 802-1998', '904.802.1998', '+1 904 802 1998', '1-904-802-1998', '9048021998', '904802', '802-1998']) {
      expect({ q, ids: await ids(q) }).toEqual({ q, ids: ['SP-1'] });
    }
    // The end: both numbers ending in 1998; the start: every 386 number.
    expect(await ids('1998')).toEqual(['SP-4', 'SP-1']);
    expect(await ids('386')).toEqual(['SP-4', 'SP-3']);
    // A stored "+1 386 …" or "1 (904) …" is kept as its ten digits.
    expect(await ids('3862100042')).toEqual(['SP-3']);
    expect(await ids('904-210-7777')).toEqual(['SP-5']);
    // The middle: "802-19" is inside (904) 802-1998 only, "86-21" inside both 386 210 numbers.
    expect(await ids('802-19')).toEqual(['SP-1']);
    expect(await ids('86-21')).toEqual(['SP-4', 'SP-3']);
    // Two digits are too few to be a phone search.
    expect(await ids('90')).toEqual([]);
  });

  it('pages the whole list in a stable order, with the total of every match', async () => {
    const all = await list('/api/admin/servicepro-customers', 'pageSize=20');
    expect(all).toMatchObject({ total: 65, page: 1, pageSize: 20 });
    expect(all.items.map((c) => c.lastName).slice(0, 6)).toEqual(['alvarado', 'Alvarez', 'Filler 000', 'Filler 001', 'Filler 002', 'Filler 003']);
    const seen = new Set<string | undefined>();
    for (let page = 1; page <= 4; page += 1) {
      const body = await list('/api/admin/servicepro-customers', `pageSize=20&page=${page}`);
      expect(body.total).toBe(65);
      expect(body.items).toHaveLength(page < 4 ? 20 : 5);
      for (const item of body.items) {
        serviceProCustomerSchema.parse(item);
        seen.add(item.serviceProId);
      }
    }
    expect(seen.size).toBe(65);
    expect(await list('/api/admin/servicepro-customers', 'q=zed&pageSize=25&page=3')).toMatchObject({ total: 60, page: 3, pageSize: 25, items: expect.any(Array) });
    expect((await list('/api/admin/servicepro-customers', 'q=zed&pageSize=25&page=3')).items).toHaveLength(10);
    expect(await list('/api/admin/servicepro-customers', 'q=zed&page=9')).toEqual({ items: [], total: 60, page: 9, pageSize: 25 });
  });

  it('answers bad paging and an over-long search with 400 and field messages', async () => {
    const response = await service.app.inject({ method: 'GET', url: `/api/admin/servicepro-customers?page=0&pageSize=500&q=${'x'.repeat(101)}`, headers: staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'querystring.page': 'Page must be at least 1', 'querystring.pageSize': 'Page size must be at most 100', 'querystring.q': 'Search must be at most 100 characters' },
    });
    const words = await service.app.inject({ method: 'GET', url: '/api/admin/customers?page=two', headers: staff });
    expect(words.json().error.fields).toEqual({ 'querystring.page': 'Page must be a number' });
  });
});

describe('GET /api/admin/customers', () => {
  it('searches portal customers the same way: name, email and phone digits, paged', async () => {
    await registerCustomer(service, { firstName: 'Maria', lastName: 'Lopez', email: 'maria.lopez@example.com', phone: '(904) 555-0101' });
    await registerCustomer(service, { firstName: 'Marcus', lastName: 'Lee', email: 'marcus@example.net', phone: '+1 904 555 0102' });
    await registerCustomer(service, { firstName: 'Ann', lastName: 'Marsh', email: 'ann.marsh@example.com', phone: '386.210.0103' });
    const emails = async (q: string) => (await list('/api/admin/customers', `q=${encodeURIComponent(q)}`)).items.map((c) => c.email);
    expect(await emails('mar')).toEqual(['marcus@example.net', 'maria.lopez@example.com', 'ann.marsh@example.com']);
    expect(await emails('MARIA L')).toEqual(['maria.lopez@example.com']);
    expect(await emails('marcus@')).toEqual(['marcus@example.net']);
    expect(await emails('904-555-0102')).toEqual(['marcus@example.net']);
    expect(await emails('(904) 555')).toEqual(['marcus@example.net', 'maria.lopez@example.com']);
    expect(await emails('0103')).toEqual(['ann.marsh@example.com']);
    expect(await emails('555-01')).toEqual(['marcus@example.net', 'maria.lopez@example.com']);
    const page = await list('/api/admin/customers', 'pageSize=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((c) => customerSchema.parse(c).email)).toEqual(['ann.marsh@example.com']);
  });

  it('badges as Administrator a portal customer whose email is a back-office administrator\'s, in any letter case', async () => {
    await registerCustomer(service, { firstName: 'Olivia', lastName: 'Owner', email: admin.email.toUpperCase(), phone: '(904) 555-0199' });
    await registerCustomer(service, { firstName: 'Oscar', lastName: 'Owens', email: 'oscar@example.com', phone: '(904) 555-0198' });
    const owners = (await list('/api/admin/customers', 'q=ow')).items.map((c) => customerSchema.parse(c)).map((c) => [c.firstName, c.isAdmin]);
    expect(owners).toEqual([['Oscar', false], ['Olivia', true]]);
  });
});

describe('the search indexes', () => {
  it('serve every form of the search on both tables, without reading the table', async () => {
    // The planner may read a small table whole; forbidding that shows whether an index can answer each arm.
    await service.db.connection().execute(async (db) => {
      await sql`set enable_seqscan = off`.execute(db);
      try {
        for (const table of ['service_pro_customers', 'customers'] as const) {
          for (const q of ['smi', 'rob@ex', 'robert alv', '904802', '(904) 802-1998', '1998', '802-19']) {
            const search = customerSearch(q)!;
            const query = db.selectFrom(table).select('id').where(matchesSearch(search)).compile();
            const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
            const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
            expect({ table, q, seqScan: text.includes('Seq Scan') }).toEqual({ table, q, seqScan: false });
          }
          const ordered = await sql.raw(`explain select id from ${table} order by lower(last_name), lower(first_name), id limit 25`).execute(db);
          expect((ordered.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n')).toContain('Index Scan');
        }
      } finally {
        await sql`reset enable_seqscan`.execute(db);
      }
    });
  });
});
