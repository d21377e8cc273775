import { sql, type Kysely } from 'kysely';
import type { RegisterRequest } from '@repo/contracts';
import { conflict } from '@repo/service-kit';
import { isUniqueViolation } from '@repo/service-kit/db';
import type { AccountsDatabase } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

const emailTaken = 'An account with this email already exists. Please log in instead.';

export async function registerCustomer(db: Kysely<AccountsDatabase>, input: RegisterRequest) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db
      .insertInto('customers')
      .values({
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email.trim(),
        phone: input.phone,
        address: input.address || null,
        password_hash: passwordHash,
        service_pro_customer_id: null,
        last_login: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(emailTaken, { email: emailTaken });
    throw err;
  }
}

export const findCustomerByEmail = (db: Kysely<AccountsDatabase>, email: string) =>
  db.selectFrom('customers').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

export const findStaffByEmail = (db: Kysely<AccountsDatabase>, email: string) =>
  db.selectFrom('staff_users').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

/** Creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD when no staff account has that email. */
export async function ensureAdministrator(db: Kysely<AccountsDatabase>, email: string, password: string): Promise<void> {
  if (await findStaffByEmail(db, email)) return;
  await db
    .insertInto('staff_users')
    .values({ email, name: 'Administrator', role: 'admin', password_hash: await hashPassword(password), last_login: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
