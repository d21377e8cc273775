import type { Insertable } from 'kysely';
import type { Db, EmailChangeRow, EmailChangesTable, EmailedLinkRow, EmailedLinksTable } from '../db/schema.ts';

/**
 * The tables of emailed single-use links, one per kind: asking for one kind never ends a link of the other. An email
 * change is such a link, with the address it would set.
 */
export type EmailedLinkTable = 'password_resets' | 'sign_in_links' | 'email_changes';

export async function insertEmailedLink(db: Db, table: Exclude<EmailedLinkTable, 'email_changes'>, values: Insertable<EmailedLinksTable>): Promise<void> {
  await db.insertInto(table).values(values).execute();
}

export async function insertEmailChange(db: Db, values: Insertable<EmailChangesTable>): Promise<void> {
  await db.insertInto('email_changes').values(values).execute();
}

/** The email change with this token hash, locked until the transaction ends, so only one confirmation can use it. */
export const lockEmailChangeByHash = (db: Db, tokenHash: string): Promise<EmailChangeRow | undefined> =>
  db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();

/** Ends the customer's links of this kind that are still open (neither used nor replaced): a newer one was asked for. */
export async function replaceOpenEmailedLinks(db: Db, table: EmailedLinkTable, customerId: number, now: Date): Promise<void> {
  await db
    .updateTable(table)
    .set({ replaced_at: now })
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
}

/** Drops the customer's links of this kind that expired before `before`: they can only ever be refused. */
export async function deleteEmailedLinksExpiredBefore(db: Db, table: EmailedLinkTable, customerId: number, before: Date): Promise<void> {
  await db.deleteFrom(table).where('customer_id', '=', customerId).where('expires_at', '<', before).execute();
}

/** The link with this token hash, locked until the transaction ends, so only one completion can use it. */
export const lockEmailedLinkByHash = (db: Db, table: EmailedLinkTable, tokenHash: string): Promise<EmailedLinkRow | undefined> =>
  db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();

export const findEmailedLinkByHash = (db: Db, table: EmailedLinkTable, tokenHash: string): Promise<EmailedLinkRow | undefined> =>
  db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export async function markEmailedLinkUsed(db: Db, table: EmailedLinkTable, id: string, now: Date): Promise<void> {
  await db.updateTable(table).set({ used_at: now }).where('id', '=', id).execute();
}
