import type { Insertable } from 'kysely';
import type { Db, EmailedLinkRow, EmailedLinksTable } from '../db/schema.ts';

/** The tables of emailed single-use links, one per kind: asking for one kind never ends a link of the other. */
export type EmailedLinkTable = 'password_resets' | 'sign_in_links';

export async function insertEmailedLink(db: Db, table: EmailedLinkTable, values: Insertable<EmailedLinksTable>): Promise<void> {
  await db.insertInto(table).values(values).execute();
}

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
