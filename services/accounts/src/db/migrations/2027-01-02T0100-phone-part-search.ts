import { sql, type Kysely } from 'kysely';

const tables = ['customers', 'service_pro_customers'] as const;

/**
 * A back-office search finds a phone by any part of its ten digits ("555-01" finds (904) 555-0142), not only by its
 * start or end (issue 27). `phone_digit_runs` lists every run of 3 or more consecutive digits of a number, and a GIN
 * index on it answers "holds this run" (`@>`) without reading the table, as the start and end indexes did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function phone_digit_runs(digits text) returns text[]
    language sql immutable strict parallel safe
    as $$
      select coalesce(array_agg(distinct substr(digits, start, len)), '{}')
      from generate_series(1, length(digits)) as start, generate_series(3, length(digits)) as len
      where start + len - 1 <= length(digits)
    $$`.execute(db);
  for (const table of tables) {
    await sql`create index ${sql.id(`${table}_phone_digit_runs_idx`)} on ${sql.table(table)} using gin (phone_digit_runs(phone_digits))`.execute(db);
    await sql`drop index ${sql.id(`${table}_phone_digits_idx`)}`.execute(db);
    await sql`drop index ${sql.id(`${table}_phone_digits_reversed_idx`)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await sql`create index ${sql.id(`${table}_phone_digits_idx`)} on ${sql.table(table)} (phone_digits text_pattern_ops)`.execute(db);
    await sql`create index ${sql.id(`${table}_phone_digits_reversed_idx`)} on ${sql.table(table)} (reverse(phone_digits) text_pattern_ops)`.execute(db);
    await sql`drop index ${sql.id(`${table}_phone_digit_runs_idx`)}`.execute(db);
  }
  await sql`drop function phone_digit_runs(text)`.execute(db);
}
