import { notificationMessages, type MessageDetail } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { findAttempts } from '../repositories/attempt-repository.ts';
import { toMessageDetail } from '../repositories/mappers.ts';
import { findMessage } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';

/**
 * One message whole, with its attempts; 404 for an id that names none. A message whose content the retention sweep
 * removed answers its record, with null bodies and when they were removed.
 */
export async function getMessage(ctx: Pick<NotificationsContext, 'db' | 'bodyRetentionDays'>, id: number): Promise<MessageDetail> {
  const [message, attempts] = await Promise.all([findMessage(ctx.db, id), findAttempts(ctx.db, id)]);
  if (!message) throw notFound(notificationMessages.notFound);
  return toMessageDetail(message, attempts, ctx.bodyRetentionDays);
}
