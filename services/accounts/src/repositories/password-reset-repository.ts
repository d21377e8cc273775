import type { Insertable } from 'kysely';
import type { Db, PasswordResetRow, PasswordResetsTable } from '../db/schema.ts';

export async function insertPasswordReset(db: Db, values: Insertable<PasswordResetsTable>): Promise<void> {
  await db.insertInto('password_resets').values(values).execute();
}

/** Ends the customer's links that are still open (neither used nor replaced): a newer one was asked for. */
export async function replaceOpenPasswordResets(db: Db, customerId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ replaced_at: now })
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

/** Drops the customer's links that expired before `before`: they can only ever be refused. */
export async function deletePasswordResetsExpiredBefore(db: Db, customerId: number, before: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('customer_id', '=', customerId).where('expires_at', '<', before).execute();
}

/** The link with this token hash, locked until the transaction ends, so only one completion can use it. */
export const lockPasswordResetByHash = (db: Db, tokenHash: string): Promise<PasswordResetRow | undefined> =>
  db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();

export const findPasswordResetByHash = (db: Db, tokenHash: string): Promise<PasswordResetRow | undefined> =>
  db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function markPasswordResetUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('id', '=', id).execute();
}
