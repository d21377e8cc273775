import type { Kysely } from 'kysely';
import type { AccountsDatabase } from './db/schema.ts';
import { hashPassword } from './domain/passwords.ts';
import type { AccountsEnv } from './env.ts';
import { hasCustomers, insertCustomer } from './repositories/customer-repository.ts';

/** The demo customer (demo@example.com) is the first customer, id 1, which the booking demo data refers to. */
export async function seedDemoData(db: Kysely<AccountsDatabase>, env: AccountsEnv): Promise<void> {
  if (await hasCustomers(db)) return;
  await insertCustomer(db, {
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'demo@example.com',
    phone: '(904) 555-0142',
    address: '48 Cordova St, St Augustine, FL 32084',
    password_hash: await hashPassword(env.DEMO_CUSTOMER_PASSWORD),
    service_pro_customer_id: null,
    last_login: null,
  });
}
