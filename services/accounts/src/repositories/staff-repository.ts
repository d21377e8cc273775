import { sql, type Insertable } from 'kysely';
import type { Db, StaffUsersTable } from '../db/schema.ts';

/** Emails are compared whatever their letter case, as the unique index on lower(email) does. */
export const findStaffByEmail = (db: Db, email: string) =>
  db.selectFrom('staff_users').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

/** Adds the staff account unless one with that email exists (also when another instance adds it at the same time). */
export async function insertStaffIfAbsent(db: Db, values: Insertable<StaffUsersTable>): Promise<void> {
  await db.insertInto('staff_users').values(values).onConflict((oc) => oc.doNothing()).execute();
}

export async function recordStaffLogin(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('staff_users').set({ last_login: at }).where('id', '=', id).execute();
}
