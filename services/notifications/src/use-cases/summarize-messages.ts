import { addDays, businessDate, businessInstant, failedMessagesFrom, type NotificationsSummary } from '@repo/contracts';
import { countUndone } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';

/**
 * The failed messages and undelivered texts the system status counts: those created in the last `failedMessagesWindowDays` business days,
 * today included, with the window as the log's date filters name it (so the count and the filtered log agree); and
 * whether texts are configured and their sender stated registered for A2P 10DLC.
 */
export async function summarizeMessages(ctx: Pick<NotificationsContext, 'db' | 'now' | 'sms'>): Promise<NotificationsSummary> {
  const to = businessDate(ctx.now());
  const from = failedMessagesFrom(to);
  const { failed, undelivered } = await countUndone(ctx.db, businessInstant(from, '00:00'), businessInstant(addDays(to, 1), '00:00'));
  return { failed, undelivered, from, to, sms: { configured: ctx.sms !== undefined, a2pRegistered: ctx.sms?.a2pRegistered ?? false } };
}
