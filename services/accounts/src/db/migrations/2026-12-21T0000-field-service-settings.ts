import { sql, type Kysely } from 'kysely';

/**
 * The administrator's ServiceTitan and ServicePro connections, one row per system: the plain settings
 * (addresses, tenant, client id, company, username, pace) as JSON, and the secrets (client secret, app key,
 * password) as one JSON object sealed with FIELD_SERVICE_CREDENTIALS_KEY (AES-256-GCM), never stored in clear.
 * `version` grows with every save, so each instance notices a save made on another and connects afresh.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('field_service_settings')
    .addColumn('system', 'text', (col) => col.primaryKey().check(sql`system in ('servicetitan', 'servicepro')`))
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    .addColumn('secrets', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('field_service_settings').execute();
}
