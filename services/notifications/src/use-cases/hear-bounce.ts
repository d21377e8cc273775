import { bounceError, bounceOf } from '../domain/bounces.ts';
import { insertAttempt } from '../repositories/attempt-repository.ts';
import { markBounced } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';

/**
 * A mail (its source) that came back to the bounce address of message `messageId` (its signature already checked). A report of a
 * failed delivery turns the email, if it is still `sent`, into `failed` with the report's status and the remote
 * server's words, and adds them to its attempts (the delivery log shows when and why); a delay, a success report or
 * any other mail (an out-of-office reply) changes nothing. Answers whether the message changed.
 */
export async function hearBounce(ctx: NotificationsContext, messageId: number, source: string): Promise<boolean> {
  const bounce = bounceOf(source);
  if (!bounce) return false;
  const error = bounceError(bounce);
  const at = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await markBounced(trx, messageId, error, at))) return false;
    await insertAttempt(trx, { message_id: messageId, attempted_at: at, outcome: 'failed', error, provider_message_id: null });
    return true;
  });
}
