import { sql, type Insertable } from 'kysely';
import type { ServiceSystemId } from '@repo/contracts';
import type { CustomerRow, CustomersTable, Db } from '../db/schema.ts';
import type { CustomerSearch } from '../domain/customer-search.ts';
import { pageOfCustomers, type PageWindow } from './customer-search.ts';

/** Emails are compared whatever their letter case, as the unique index on lower(email) does. */
export const findCustomerByEmail = (db: Db, email: string) =>
  db.selectFrom('customers').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

/** As `findCustomerByEmail`, locking the row until the transaction ends. */
export const lockCustomerByEmail = (db: Db, email: string) =>
  db.selectFrom('customers').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).forUpdate().executeTakeFirst();

/** The portal accounts linked to these imported customers' ids (of the configured system), by that id. */
export async function findCustomersLinkedTo(db: Db, serviceProIds: readonly string[]): Promise<Map<string, number>> {
  if (serviceProIds.length === 0) return new Map();
  const rows = await db.selectFrom('customers').select(['id', 'service_pro_customer_id']).where('service_pro_customer_id', 'in', serviceProIds).orderBy('id').execute();
  const linked = new Map<string, number>();
  for (const row of rows) if (row.service_pro_customer_id && !linked.has(row.service_pro_customer_id)) linked.set(row.service_pro_customer_id, row.id);
  return linked;
}

export const findCustomerById = (db: Db, id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();

/** As `findCustomerById`, locking the row until the transaction ends. */
export const lockCustomerById = (db: Db, id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** A new phone number, as typed: not proven (a typed number is a claim); the row as it is now. */
export const replaceCustomerPhone = (db: Db, id: number, phone: string): Promise<CustomerRow> =>
  db.updateTable('customers').set({ phone, phone_verified_at: null }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** A new email, proven at `at` (its link was opened); throws the database's unique violation when the email is taken. */
export async function replaceCustomerEmail(db: Db, id: number, email: string, at: Date): Promise<void> {
  await db.updateTable('customers').set({ email, email_verified_at: at }).where('id', '=', id).execute();
}

/** Throws the database's unique violation when the email is taken. */
export const insertCustomer = (db: Db, values: Insertable<CustomersTable>): Promise<CustomerRow> =>
  db.insertInto('customers').values(values).returningAll().executeTakeFirstOrThrow();

export async function recordCustomerLogin(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('customers').set({ last_login: at }).where('id', '=', id).execute();
}

export async function updateCustomerPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** The customer has proven they own their email (a link sent to it was opened); a first proof is kept. */
export async function recordEmailProven(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('customers').set({ email_verified_at: at }).where('id', '=', id).where('email_verified_at', 'is', null).execute();
}

/**
 * Records that the customer proved the phone with these ten digits, if the account still holds that number (a code
 * proves the number it was texted to); true when it did.
 */
export async function recordPhoneProven(db: Db, id: number, phoneDigits: string, at: Date): Promise<boolean> {
  const changed = await db.updateTable('customers').set({ phone_verified_at: at }).where('id', '=', id).where('phone_digits', '=', phoneDigits).executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** One page of the portal customers matching the search (all without one), in list order, and how many match. */
export const searchCustomers = (db: Db, search: CustomerSearch | null, window: PageWindow): Promise<{ rows: CustomerRow[]; total: number }> =>
  pageOfCustomers(db, 'customers', search, window);

/**
 * Links portal customers not yet linked (all of them, or the one given) to the customer imported from `system` with
 * the same email (any letter case) or, failing that, the same ten phone digits; the oldest import wins a tie. Only a
 * contact the customer has proven counts (`email_verified_at`, `phone_verified_at`): a typed email or phone is a claim
 * anyone can make, and the link reveals the imported customer's record and history. Answers how many were linked.
 * Both lookups use the customer-import migration's indexes.
 */
export async function linkCustomersToImported(db: Db, system: ServiceSystemId, customerId?: number): Promise<number> {
  const result = await sql`
    update customers set service_pro_customer_id = matched.service_pro_id
    from (
      select c.id, (
        select s.service_pro_id from service_pro_customers s
        where s.source_system = ${system}
          and ((c.email_verified_at is not null and lower(s.email) = lower(c.email))
            or (c.phone_verified_at is not null and length(c.phone_digits) = 10 and s.phone_digits = c.phone_digits))
        order by coalesce(c.email_verified_at is not null and lower(s.email) = lower(c.email), false) desc, s.id
        limit 1
      ) as service_pro_id
      from customers c
      where c.service_pro_customer_id is null and (c.email_verified_at is not null or c.phone_verified_at is not null) ${customerId === undefined ? sql`` : sql`and c.id = ${customerId}`}
    ) matched
    where customers.id = matched.id and matched.service_pro_id is not null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function hasCustomers(db: Db): Promise<boolean> {
  return (await db.selectFrom('customers').select('id').limit(1).executeTakeFirst()) !== undefined;
}
