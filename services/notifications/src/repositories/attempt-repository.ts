import type { Kysely } from 'kysely';
import type { MessageAttemptRow, MessageAttemptsTable, NotificationsDatabase } from '../db/schema.ts';

type Attempt = Omit<MessageAttemptsTable, 'id'>;

/** Records one attempt to hand a message to the provider, as it ended. */
export async function insertAttempt(db: Kysely<NotificationsDatabase>, attempt: Attempt): Promise<void> {
  await db.insertInto('message_attempts').values(attempt).execute();
}

/** A message's attempts, oldest first. */
export const findAttempts = (db: Kysely<NotificationsDatabase>, messageId: number): Promise<MessageAttemptRow[]> =>
  db.selectFrom('message_attempts').selectAll().where('message_id', '=', messageId).orderBy('attempted_at').orderBy('id').execute();
