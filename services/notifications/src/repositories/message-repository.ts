import type { Insertable, Kysely } from 'kysely';
import type { MessageState } from '@repo/contracts';
import type { MessageRow, MessagesTable, NotificationsDatabase } from '../db/schema.ts';

/** Inserts the message unless one with its key and channel exists (its event was heard before); its id, or undefined. */
export async function insertMessageIfAbsent(db: Kysely<NotificationsDatabase>, message: Insertable<MessagesTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('messages')
    .values(message)
    .onConflict((conflict) => conflict.constraint('messages_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export const findMessage = (db: Kysely<NotificationsDatabase>, id: number): Promise<MessageRow | undefined> =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();

/** Counts an attempt about to be made; the attempt count after it. */
export async function countAttempt(db: Kysely<NotificationsDatabase>, id: number, at: Date): Promise<number> {
  const row = await db
    .updateTable('messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function markSent(db: Kysely<NotificationsDatabase>, id: number, providerMessageId: string, at: Date): Promise<void> {
  await db.updateTable('messages').set({ state: 'sent', provider_message_id: providerMessageId, last_error: null, sent_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** Records a failed attempt: still `queued` while retries remain, `failed` once none do. */
export async function recordFailure(db: Kysely<NotificationsDatabase>, id: number, error: string, state: Extract<MessageState, 'queued' | 'failed'>, at: Date): Promise<void> {
  await db.updateTable('messages').set({ state, last_error: error, updated_at: at }).where('id', '=', id).execute();
}
