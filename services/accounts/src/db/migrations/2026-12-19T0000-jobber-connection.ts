import { sql, type Kysely } from 'kysely';

/**
 * The Jobber connection: one row (id 1) with the current access and refresh tokens, encrypted with
 * FIELD_SERVICE_CREDENTIALS_KEY (AES-256-GCM, never stored in clear), shared by every instance of accounts and kept
 * across restarts, so a refresh token Jobber rotated is the one used next. A renewal locks the row (select … for
 * update), so instances renew one at a time. Disconnect clears the tokens but keeps the row, so the environment's
 * JOBBER_API_KEY/JOBBER_REFRESH_TOKEN (which only seed a missing row) do not connect it again.
 *
 * jobber_authorizations: each Connect Jobber attempt's state (its sha256), bound to the administrator's session and
 * used once, until it expires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobber_connections')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('source', 'text', (col) => col.check(sql`source in ('environment', 'back-office')`))
    .addColumn('account_name', 'text')
    .addColumn('connected_by', 'text')
    .addColumn('connected_at', 'timestamptz')
    .addColumn('access_token_issued_at', 'timestamptz')
    .addColumn('renewed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('jobber_connections_tokens_together', sql`(access_token is null) = (source is null)`)
    .execute();
  await db.schema
    .createTable('jobber_authorizations')
    .addColumn('state_hash', 'text', (col) => col.primaryKey().check(sql`state_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobber_authorizations').execute();
  await db.schema.dropTable('jobber_connections').execute();
}
