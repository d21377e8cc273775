import { sql, type Kysely } from 'kysely';

/** What the payer may give to match a payment: the provider's receipt address and an invoice or appointment reference. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('payer_email', 'text').addColumn('reference', 'text').execute();
  // Staff look a payment up by the reference the payer gave, whatever its letter case.
  await db.schema.createIndex('payments_reference_idx').on('payments').expression(sql`lower(reference)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_reference_idx').execute();
  await db.schema.alterTable('payments').dropColumn('reference').dropColumn('payer_email').execute();
}
