import type { Kysely } from 'kysely';

/** When the customer asked, by a text answering the day-before reminder, to be called back; null otherwise. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('call_back_requested_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').dropColumn('call_back_requested_at').execute();
}
