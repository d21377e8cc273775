import { sql, type Insertable } from 'kysely';
import type { Db, PendingRegistrationRow, PendingRegistrationsTable } from '../db/schema.ts';

const sameEmail = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

export async function insertPendingRegistration(db: Db, values: Insertable<PendingRegistrationsTable>): Promise<void> {
  await db.insertInto('pending_registrations').values(values).execute();
}

/** Ends the email's registrations still open (neither used nor replaced), in any letter case: it registered again. */
export async function replaceOpenPendingRegistrations(db: Db, email: string, now: Date): Promise<void> {
  await db
    .updateTable('pending_registrations')
    .set({ replaced_at: now })
    .where(sameEmail(email))
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

/** Drops the email's registrations that expired before `before` (with the password hashes they hold): they can only be refused. */
export async function deletePendingRegistrationsExpiredBefore(db: Db, email: string, before: Date): Promise<void> {
  await db.deleteFrom('pending_registrations').where(sameEmail(email)).where('expires_at', '<', before).execute();
}

export const findPendingRegistrationByHash = (db: Db, tokenHash: string): Promise<PendingRegistrationRow | undefined> =>
  db.selectFrom('pending_registrations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** The registration with this token hash, locked until the transaction ends, so only one completion can use it. */
export const lockPendingRegistrationByHash = (db: Db, tokenHash: string): Promise<PendingRegistrationRow | undefined> =>
  db.selectFrom('pending_registrations').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();

/** The registration was completed: its link is used, and the password hash it kept is no longer needed there. */
export async function markPendingRegistrationUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('pending_registrations').set({ used_at: now, password_hash: '' }).where('id', '=', id).execute();
}
