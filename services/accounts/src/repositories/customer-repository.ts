import { sql, type Insertable } from 'kysely';
import type { CustomerRow, CustomersTable, Db } from '../db/schema.ts';

/** Emails are compared whatever their letter case, as the unique index on lower(email) does. */
export const findCustomerByEmail = (db: Db, email: string) =>
  db.selectFrom('customers').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

export const findCustomerById = (db: Db, id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();

/** Throws the database's unique violation when the email is taken. */
export const insertCustomer = (db: Db, values: Insertable<CustomersTable>): Promise<CustomerRow> =>
  db.insertInto('customers').values(values).returningAll().executeTakeFirstOrThrow();

export async function recordCustomerLogin(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('customers').set({ last_login: at }).where('id', '=', id).execute();
}

export async function updateCustomerPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** The back office's list, newest first, at most 1000. */
export const findCustomers = (db: Db) => db.selectFrom('customers').selectAll().orderBy('created_at', 'desc').limit(1000).execute();

export async function hasCustomers(db: Db): Promise<boolean> {
  return (await db.selectFrom('customers').select('id').limit(1).executeTakeFirst()) !== undefined;
}
