import { sql, type Kysely } from 'kysely';

/** One spelling of ServicePro: the table, its sequence and its indexes take the `service_pro_` form its columns use. */
const renames = [
  ['table', 'servicepro_customers', 'service_pro_customers'],
  ['sequence', 'servicepro_customers_id_seq', 'service_pro_customers_id_seq'],
  ['index', 'servicepro_customers_pkey', 'service_pro_customers_pkey'],
  ['index', 'servicepro_customers_service_pro_id_key', 'service_pro_customers_service_pro_id_key'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [kind, from, to] of renames) await sql`alter ${sql.raw(kind)} ${sql.id(from)} rename to ${sql.id(to)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [kind, from, to] of [...renames].reverse()) await sql`alter ${sql.raw(kind)} ${sql.id(to)} rename to ${sql.id(from)}`.execute(db);
}
