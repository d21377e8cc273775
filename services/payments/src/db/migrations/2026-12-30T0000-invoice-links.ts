import type { Kysely } from 'kysely';

/**
 * An invoice's link: the SHA-256 (hex) of the key emailed with the invoice when it was sent, so its customer opens it
 * without an account. The key itself is never stored; null for a draft, and for invoices sent before links existed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('access_key_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('access_key_hash').execute();
}
