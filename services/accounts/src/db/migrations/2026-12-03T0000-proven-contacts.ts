import { sql, type Kysely } from 'kysely';

/**
 * What a customer has proven they own. An email or phone typed at registration is only a claim: before this, a claim
 * was enough to link an account to the imported customer with that email or phone and reveal that person's record and
 * history. Links made that way are undone here, since none of them was proven; linking now needs a proven contact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('phone_verified_at', 'timestamptz')
    .execute();
  await sql`update customers set service_pro_customer_id = null where service_pro_customer_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('email_verified_at').dropColumn('phone_verified_at').execute();
}
