import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AccountsDatabase, Db } from '../db/schema.ts';
import type { CustomerSearch } from '../domain/customer-search.ts';

/** `like` pattern for "starts with `text`", its wildcards taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The condition of a back-office search over either customer table (both have first_name, last_name, email and the
 * computed phone_digits). Each arm has its own index (migrations 2026-12-02T0000-customer-import and
 * 2027-01-02T0100-phone-part-search), so PostgreSQL
 * answers it with a bitmap OR of index scans instead of reading the table. The patterns are bound values: pg and
 * PGlite plan each statement with them, so the prefix reaches the planner.
 */
export function matchesSearch(search: CustomerSearch): RawBuilder<boolean> {
  const prefix = startsWith(search.prefix);
  const arms = [
    sql`lower(last_name) like ${prefix}`,
    sql`lower(first_name || ' ' || last_name) like ${prefix}`,
    sql`lower(email) like ${prefix}`,
  ];
  // Any run of the ten digits: the GIN index on phone_digit_runs (migration 2027-01-02T0100-phone-part-search).
  if (search.phoneDigits) arms.push(sql`phone_digit_runs(phone_digits) @> array[${search.phoneDigits}]::text[]`);
  return sql<boolean>`(${sql.join(arms, sql` or `)})`;
}

export type PageWindow = { limit: number; offset: number };
type CustomerTable = 'customers' | 'service_pro_customers';

/**
 * One page of either customer table in the lists' stable order (last name, first name in any letter case, then id),
 * and how many rows match, in one statement that reads the matches once. With a search, the matches are gathered
 * first by the search indexes (a materialised CTE of their ids and sort keys) and only they are sorted: left to
 * itself, the planner would walk the order's index filtering row by row, expecting matches early, which reads the
 * whole table when they all sort late (every "lisa.t…" email belongs to a Taylor, a Thomas or a Torres). Without
 * one, the CTE is inlined and the order's index serves the page.
 */
export async function pageOfCustomers<T extends CustomerTable>(
  db: Db,
  table: T,
  search: CustomerSearch | null,
  window: PageWindow,
): Promise<{ rows: Selectable<AccountsDatabase[T]>[]; total: number }> {
  // Both tables have the columns used here; one table's types stand for both.
  const from = table as 'customers';
  const matching = search ? db.selectFrom(from).where(matchesSearch(search)) : db.selectFrom(from);
  const rows = await db
    .with(
      (cte) => (search ? cte('matches').materialized() : cte('matches').notMaterialized()),
      () => matching.select(['id', sql<string>`lower(last_name)`.as('last'), sql<string>`lower(first_name)`.as('first')]),
    )
    .with('page', (qb) => qb.selectFrom('matches').selectAll().orderBy('last').orderBy('first').orderBy('id').limit(window.limit).offset(window.offset))
    .selectFrom('page')
    .innerJoin(`${from} as row`, 'row.id', 'page.id')
    .selectAll('row')
    .select((eb) => eb.selectFrom('matches').select(eb.fn.countAll<number>().as('total')).as('total'))
    .orderBy('page.last')
    .orderBy('page.first')
    .orderBy('page.id')
    .execute();
  // A page past the end has no row to carry the count.
  const total =
    rows.length > 0 ? Number(rows[0]!.total) : window.offset === 0 ? 0 : Number((await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { rows: rows.map(({ total: _total, ...row }) => row) as Selectable<AccountsDatabase[T]>[], total };
}
