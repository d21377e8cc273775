import type { Kysely } from 'kysely';
import type { AccountsDatabase } from './db/schema.ts';
import { hashPassword } from './domain/passwords.ts';
import type { AccountsEnv } from './env.ts';

/** The demo customer (demo@example.com) is the first customer, id 1, which the booking demo data refers to. */
export async function seedDemoData(db: Kysely<AccountsDatabase>, env: AccountsEnv): Promise<void> {
  const existing = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db.insertInto('customers').values({
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'demo@example.com',
    phone: '(904) 555-0142',
    address: '48 Cordova St, St Augustine, FL 32084',
    password_hash: await hashPassword(env.DEMO_CUSTOMER_PASSWORD),
    service_pro_customer_id: null,
    last_login: null,
  }).execute();
}
