import { sql, type Kysely } from 'kysely';

/**
 * The back office's customer import and searchable lists (issue 12):
 * - imported customers are keyed by the system they came from and their id there;
 * - both customer tables keep their phone's ten digits (a leading country code 1 dropped), computed by the database
 *   so no writer can forget it, for phone search and for linking a portal customer to an imported one;
 * - indexes serve every search form of `customerSearchQuerySchema`: prefixes of the lower-cased last name, full name
 *   ("first last", which also covers the first name alone) and email (text_pattern_ops, so `like 'abc%'` uses them
 *   whatever the database's collation), the phone digits' start, and their end (an index on the reversed digits);
 *   and the lists' order (last name, first name, id);
 * - import_jobs, with at most one running job.
 */

/** The phone's digits, without a leading 1 when that leaves ten (as `usPhoneDigits` reads "+1 904 802 1998"). */
const phoneDigits = sql.raw(
  `case when regexp_replace(phone, '\\D', '', 'g') ~ '^1[0-9]{10}$' then substr(regexp_replace(phone, '\\D', '', 'g'), 2) else regexp_replace(phone, '\\D', '', 'g') end`,
);

const searchIndexes = (table: string) => [
  [`${table}_last_name_search_idx`, `lower(last_name) text_pattern_ops`],
  [`${table}_full_name_search_idx`, `lower(first_name || ' ' || last_name) text_pattern_ops`],
  [`${table}_email_search_idx`, `lower(email) text_pattern_ops`],
  [`${table}_phone_digits_idx`, `phone_digits text_pattern_ops`],
  [`${table}_phone_digits_reversed_idx`, `reverse(phone_digits) text_pattern_ops`],
  [`${table}_list_order_idx`, `lower(last_name), lower(first_name), id`],
] as const;

async function addSearch(db: Kysely<any>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} add column phone_digits text generated always as (${phoneDigits}) stored not null`.execute(db);
  for (const [name, expression] of searchIndexes(table)) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.raw(expression)})`.execute(db);
  }
}

async function dropSearch(db: Kysely<any>, table: string): Promise<void> {
  for (const [name] of searchIndexes(table)) await sql`drop index ${sql.id(name)}`.execute(db);
  await db.schema.alterTable(table).dropColumn('phone_digits').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table service_pro_customers add column source_system text not null default 'servicepro'
    constraint service_pro_customers_source_system_check check (source_system in ('servicepro', 'servicetitan', 'jobber'))`.execute(db);
  await sql`alter table service_pro_customers drop constraint service_pro_customers_service_pro_id_key`.execute(db);
  await sql`alter table service_pro_customers add constraint service_pro_customers_source_key unique (source_system, service_pro_id)`.execute(db);
  await addSearch(db, 'service_pro_customers');
  await addSearch(db, 'customers');

  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('system', 'text', (col) => col.notNull().check(sql`system in ('servicepro', 'servicetitan', 'jobber')`))
    .addColumn('company', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('running', 'succeeded', 'failed')`))
    .addColumn('fetched', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expected_total', 'integer')
    .addColumn('error', 'text')
    .addColumn('failures', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('started_by', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    // Written every few seconds by the process running the job: one that stops beating was stopped with its process.
    .addColumn('heartbeat_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create unique index import_jobs_one_running_key on import_jobs (status) where status = 'running'`.execute(db);
  await db.schema.createIndex('import_jobs_started_at_idx').on('import_jobs').column('started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_jobs').execute();
  await dropSearch(db, 'customers');
  await dropSearch(db, 'service_pro_customers');
  // One id per customer again: only ServicePro's customers can keep theirs.
  await db.deleteFrom('service_pro_customers').where('source_system', '<>', 'servicepro').execute();
  await sql`alter table service_pro_customers drop constraint service_pro_customers_source_key`.execute(db);
  await sql`alter table service_pro_customers add constraint service_pro_customers_service_pro_id_key unique (service_pro_id)`.execute(db);
  await db.schema.alterTable('service_pro_customers').dropColumn('source_system').execute();
}
