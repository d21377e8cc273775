import { sql, type RawBuilder } from 'kysely';
import type { CustomerSearch } from '../domain/customer-search.ts';

/** `like` pattern for "starts with `text`", its wildcards taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;
const reversed = (text: string) => [...text].reverse().join('');

/**
 * The condition of a back-office search over either customer table (both have first_name, last_name, email and the
 * computed phone_digits). Each arm has its own index (migration 2026-12-02T0000-customer-import), so PostgreSQL
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
  if (search.phoneDigits) {
    arms.push(sql`phone_digits like ${startsWith(search.phoneDigits)}`, sql`reverse(phone_digits) like ${startsWith(reversed(search.phoneDigits))}`);
  }
  return sql<boolean>`(${sql.join(arms, sql` or `)})`;
}

/** The lists' stable order: last name, first name (any letter case), then id; an index serves it. */
export const listOrder = [sql`lower(last_name)`, sql`lower(first_name)`, sql`id`] as const;

export type PageWindow = { limit: number; offset: number };
