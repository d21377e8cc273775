import { notificationMessages, type MessageSummary } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { toMessageSummary } from '../repositories/mappers.ts';
import { countResends, findMessage, lockMessage } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';

/**
 * Sends a message again at a staff member's request: a new message with the original's content (subject, bodies,
 * calendar file) to the same recipient, under its own key (`<original key>.resend-<n>`, so its own Message-ID), queued
 * with its send job. The original is locked while the copy is made, so two requests at once make two numbered copies.
 * A scheduled message (not due yet), a queued one (still being sent, retried while the relay is down: a copy would
 * reach the customer twice) or a withdrawn one (no longer owed) is refused with 409.
 */
export async function resendMessage(ctx: NotificationsContext, id: number, requestedBy: string): Promise<MessageSummary> {
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const original = await lockMessage(trx, id);
    if (!original) throw notFound(notificationMessages.notFound);
    if (original.state === 'scheduled') throw conflict(notificationMessages.notSentYet);
    if (original.state === 'queued') throw conflict(notificationMessages.stillSending);
    if (original.state === 'withdrawn') throw conflict(notificationMessages.withdrawn);
    if (original.channel !== 'email') throw conflict(notificationMessages.notEmail);
    const copy = (await countResends(trx, id)) + 1;
    const queued = await queueEmail(ctx, trx, {
      key: `${original.message_key}.resend-${copy}`,
      kind: original.kind,
      recipient: original.recipient,
      subject: original.subject,
      text: original.text_body,
      html: original.html_body,
      appointment: original.appointment_id !== null && original.appointment_version !== null ? { id: original.appointment_id, version: original.appointment_version } : undefined,
      calendar: original.calendar ? { content: original.calendar, fileName: original.calendar_file_name ?? 'appointment.ics' } : undefined,
      listUnsubscribe: original.list_unsubscribe ?? undefined,
      resend: { from: original.id, requestedBy },
    });
    // The key is new while the original is locked: only a copy made some other way could hold it.
    if (queued === undefined) throw conflict(notificationMessages.copyExists);
    return queued;
  });
  const stored = await findMessage(ctx.db, newId);
  return toMessageSummary(stored!);
}
