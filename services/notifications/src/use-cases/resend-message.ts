import { notificationMessages, type MessageSummary } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import { toMessageSummary } from '../repositories/mappers.ts';
import { countResends, findMessage, lockMessage } from '../repositories/message-repository.ts';
import { isOptedOut } from '../repositories/sms-opt-out-repository.ts';
import type { TextKind } from '../domain/texts.ts';
import type { NotificationsContext } from './context.ts';
import { queueEmail } from './queue-email.ts';
import { queueText } from './queue-text.ts';

/**
 * Sends a message again at a staff member's request: a new message with the original's content (an email's subject,
 * bodies and calendar file; a text's body) to the same recipient, under its own key (`<original key>.resend-<n>`, so its own Message-ID), queued
 * with its send job. The original is locked while the copy is made, so two requests at once make two numbered copies.
 * A scheduled message (not due yet), a queued one (still being sent, retried while the relay is down: a copy would
 * reach the customer twice), a withdrawn one (no longer owed) or one whose content the retention sweep removed
 * (nothing left to copy) is refused with 409.
 */
export async function resendMessage(ctx: NotificationsContext, id: number, requestedBy: string): Promise<MessageSummary> {
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const original = await lockMessage(trx, id);
    if (!original) throw notFound(notificationMessages.notFound);
    if (original.state === 'scheduled') throw conflict(notificationMessages.notSentYet);
    if (original.state === 'queued') throw conflict(notificationMessages.stillSending);
    if (original.state === 'withdrawn') throw conflict(notificationMessages.withdrawn);
    if (original.body_removed_at) throw conflict(notificationMessages.bodyRemovedResend.replace('{days}', String(ctx.bodyRetentionDays)));
    const copy = (await countResends(trx, id)) + 1;
    const key = `${original.message_key}.resend-${copy}`;
    // The copy is about the same appointment, with or without the version it was written from (an invoice's has none).
    const appointment = original.appointment_id !== null ? { id: original.appointment_id, version: original.appointment_version } : undefined;
    const resend = { from: original.id, requestedBy };
    let queued: number | undefined;
    if (original.channel === 'sms') {
      // A text goes again only where texts can go: Twilio configured, the number not opted out; quiet hours hold it as any text.
      if (!ctx.sms) throw conflict(notificationMessages.smsOff);
      if (await isOptedOut(trx, original.recipient)) throw conflict(notificationMessages.optedOut);
      queued = await queueText(ctx, trx, { key, kind: original.kind as TextKind, recipient: original.recipient, body: original.text_body, appointment, resend });
    } else {
      queued = await queueEmail(ctx, trx, {
        key,
        kind: original.kind,
        recipient: original.recipient,
        subject: original.subject,
        text: original.text_body,
        html: original.html_body,
        appointment,
        calendar: original.calendar ? { content: original.calendar, fileName: original.calendar_file_name ?? 'appointment.ics' } : undefined,
        listUnsubscribe: original.list_unsubscribe ?? undefined,
        resend,
      });
    }
    // The key is new while the original is locked: only a copy made some other way could hold it.
    if (queued === undefined) throw conflict(notificationMessages.copyExists);
    return queued;
  });
  const stored = await findMessage(ctx.db, newId);
  return toMessageSummary(stored!);
}
