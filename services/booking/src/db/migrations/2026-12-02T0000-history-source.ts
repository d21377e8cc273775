import { sql, type Kysely } from 'kysely';

/**
 * History imported from a field-service system (ServicePro, ServiceTitan, Jobber) says where it came from:
 * `source_system` (the system's id) and `external_id` (the visit's id there), both set or both NULL. A customer holds
 * one row per visit and kind, so importing again inserts nothing twice; the JSON import leaves both NULL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['appointments', 'service_requests']) {
    await db.schema.alterTable(table).addColumn('source_system', 'text').addColumn('external_id', 'text').execute();
    await db.schema.alterTable(table).addCheckConstraint(`${table}_source_both_or_neither`, sql`(source_system is null) = (external_id is null)`).execute();
    await db.schema
      .createIndex(`${table}_customer_source`)
      .unique()
      .on(table)
      .columns(['customer_id', 'source_system', 'external_id'])
      .where(sql.ref('source_system'), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['service_requests', 'appointments']) {
    await db.schema.dropIndex(`${table}_customer_source`).execute();
    await db.schema.alterTable(table).dropConstraint(`${table}_source_both_or_neither`).execute();
    await db.schema.alterTable(table).dropColumn('external_id').dropColumn('source_system').execute();
  }
}
