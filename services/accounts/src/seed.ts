import { demoCustomerSeededTopic, type DemoCustomerSeeded } from '@repo/contracts';
import type { Transaction } from 'kysely';
import type { AccountsDatabase } from './db/schema.ts';
import { hashPassword } from './domain/passwords.ts';
import type { AccountsEnv } from './env.ts';
import { hasCustomers, insertCustomer } from './repositories/customer-repository.ts';
import { insertStaffIfAbsent } from './repositories/staff-repository.ts';
import type { AccountsContext } from './use-cases/context.ts';

/** The part of the outbox the seed needs: the demo customer's id goes to booking with the account. */
type DemoEffects = { enqueue(trx: Transaction<AccountsDatabase>, topic: typeof demoCustomerSeededTopic, payload: DemoCustomerSeeded): Promise<string> };

export const demoCustomerEmail = 'demo@example.com';
/** The sign-in of tracking's demo technician (Mike Johnson, `tech_mike`), for the back office's phone view. */
export const demoTechnician = { technicianId: 'tech_mike', name: 'Mike Johnson', email: 'mike@example.com' } as const;

/**
 * The demo technician's sign-in, when DEMO_TECHNICIAN_PASSWORD is set, and the demo customer (demo@example.com). Its id is whatever the database gives it: booking learns it through a durable
 * effect written in the same transaction, and links the demo history it seeded under that email.
 */
export async function seedDemoData(ctx: Pick<AccountsContext, 'db'>, env: AccountsEnv, effects: DemoEffects): Promise<void> {
  if (env.DEMO_TECHNICIAN_PASSWORD) await seedDemoTechnician(ctx, env.DEMO_TECHNICIAN_PASSWORD);
  if (await hasCustomers(ctx.db)) return;
  const passwordHash = await hashPassword(env.DEMO_CUSTOMER_PASSWORD);
  await ctx.db.transaction().execute(async (trx) => {
    const customer = await insertCustomer(trx, {
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: demoCustomerEmail,
      phone: '(904) 555-0142',
      address: '48 Cordova St, St Augustine, FL 32084',
      password_hash: passwordHash,
      service_pro_customer_id: null,
      last_login: null,
      // The business made this account with its own address, so the email counts as proven: its records elsewhere
      // (the field-service systems' demo customer) may be linked and imported, as for a customer who confirmed theirs.
      email_verified_at: new Date(),
    });
    await effects.enqueue(trx, demoCustomerSeededTopic, { customerId: customer.id, email: customer.email });
  });
}

/** Once: an existing sign-in for that email or technician keeps its password (staff may have set a new one). */
async function seedDemoTechnician(ctx: Pick<AccountsContext, 'db'>, password: string): Promise<void> {
  await insertStaffIfAbsent(ctx.db, {
    email: demoTechnician.email,
    name: demoTechnician.name,
    role: 'technician',
    technician_id: demoTechnician.technicianId,
    password_hash: await hashPassword(password),
    last_login: null,
  });
}
