import { sql, type Insertable } from 'kysely';
import type { Db, StaffUserRow, StaffUsersTable } from '../db/schema.ts';

/** Emails are compared whatever their letter case, as the unique index on lower(email) does. */
export const findStaffByEmail = (db: Db, email: string) =>
  db.selectFrom('staff_users').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();

/** Adds the account unless one with that email (or, for a technician, that technician) exists, also when another instance adds it at the same time. */
export async function insertStaffIfAbsent(db: Db, values: Insertable<StaffUsersTable>): Promise<void> {
  await db.insertInto('staff_users').values(values).onConflict((oc) => oc.doNothing()).execute();
}

/** Throws the database's unique violation (`staff_users_email_key` or `staff_users_technician_id_key`) when taken. */
export const insertStaff = (db: Db, values: Insertable<StaffUsersTable>): Promise<StaffUserRow> =>
  db.insertInto('staff_users').values(values).returningAll().executeTakeFirstOrThrow();

export async function recordStaffLogin(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('staff_users').set({ last_login: at }).where('id', '=', id).execute();
}

export const findStaffById = (db: Db, id: number) => db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();

/** The back-office account a staff-kind session belongs to, whatever the state of the session. */
export const findStaffBySession = (db: Db, sid: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('staff_users', 'staff_users.id', 'sessions.subject_id')
    .selectAll('staff_users')
    .where('sessions.id', '=', sid)
    .where('sessions.kind', '=', 'staff')
    .executeTakeFirst();

/** The sign-in of a tracking technician, if they have one. */
export const findTechnicianAccountByTechnician = (db: Db, technicianId: string) =>
  db.selectFrom('staff_users').selectAll().where('role', '=', 'technician').where('technician_id', '=', technicianId).executeTakeFirst();

/** Technician sign-ins, by name, at most 1000 (one per technician). */
export const findTechnicianAccounts = (db: Db) =>
  db.selectFrom('staff_users').selectAll().where('role', '=', 'technician').orderBy('name').orderBy('id').limit(1000).execute();

/** Sets the password of the technician's sign-in; answers the account, or undefined when the technician has none. */
export const updateTechnicianPassword = (db: Db, technicianId: string, passwordHash: string) =>
  db
    .updateTable('staff_users')
    .set({ password_hash: passwordHash })
    .where('role', '=', 'technician')
    .where('technician_id', '=', technicianId)
    .returningAll()
    .executeTakeFirst();

/** Staff and administrator sign-ins (not technicians), by name, at most 1000. */
export const findStaffAccounts = (db: Db) =>
  db.selectFrom('staff_users').selectAll().where('role', 'in', ['staff', 'admin']).orderBy('name').orderBy('id').limit(1000).execute();

/** Sets the password of a staff or administrator sign-in; answers the account, or undefined when there is none with that id. */
export const updateStaffPassword = (db: Db, id: number, passwordHash: string) =>
  db
    .updateTable('staff_users')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('role', 'in', ['staff', 'admin'])
    .returningAll()
    .executeTakeFirst();

/** Which of these emails (lower case) belong to a back-office administrator. */
export async function administratorEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('staff_users')
    .select(sql<string>`lower(email)`.as('email'))
    .where('role', '=', 'admin')
    .where(sql<string>`lower(email)`, 'in', emails.map((email) => email.toLowerCase()))
    .execute();
  return new Set(rows.map((row) => row.email));
}
