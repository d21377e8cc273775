import type { Kysely } from 'kysely';

/**
 * Which client address each failed sign-in came from. Failures used to be counted per account alone, so anyone could
 * lock any account (the administrator's included) with wrong passwords from anywhere; now the guessing client is
 * refused, on that account and, past a larger count, on every account. Failures recorded before this have no client:
 * they still count towards their account until they leave the window (minutes), but towards no client.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('client', 'text').execute();
  await db.schema.createIndex('login_failures_client_idx').on('login_failures').columns(['client', 'failed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_failures_client_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('client').execute();
}
