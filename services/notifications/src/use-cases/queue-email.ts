import type { MessageKind } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { emailMessageId } from '../domain/messages.ts';
import { sendEmailJob } from '../jobs/send-email.ts';
import { insertMessageIfAbsent } from '../repositories/message-repository.ts';
import type { NotificationsContext } from './context.ts';

/** An email to send now, rendered, with the key its event gives it. */
export type EmailToQueue = {
  /** What the message answers, unique per channel: the same key heard twice stores one message. */
  key: string;
  kind: MessageKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The appointment it is about, and the version it was written from; null for an email about the appointment written
   * from another service's record (an invoice), which no version of the appointment can make stale.
   */
  appointment?: { id: number; version: number | null };
  /** An iCalendar file to attach. */
  calendar?: { content: string; fileName: string };
  /** The one-click unsubscribe URL of an email the customer may turn off (`preferenceLinks`). */
  listUnsubscribe?: string;
  /** A resend: the message it copies and who asked for it. */
  resend?: { from: number; requestedBy: string };
};

/**
 * Stores the email as `queued` with its send job, both in the caller's transaction (the receiver's, so the event is
 * applied and its message owed together, or neither). Its id, or undefined when its key already had a message.
 */
export async function queueEmail(ctx: Pick<NotificationsContext, 'now' | 'from' | 'jobs'>, trx: Trx, email: EmailToQueue): Promise<number | undefined> {
  const now = ctx.now();
  const id = await insertMessageIfAbsent(trx, {
    message_key: email.key,
    kind: email.kind,
    channel: 'email',
    recipient: email.recipient,
    appointment_id: email.appointment?.id ?? null,
    appointment_version: email.appointment?.version ?? null,
    email_message_id: emailMessageId(email.key, ctx.from),
    state: 'queued',
    subject: email.subject,
    text_body: email.text,
    html_body: email.html,
    calendar: email.calendar?.content ?? null,
    calendar_file_name: email.calendar?.fileName ?? null,
    resent_from: email.resend?.from ?? null,
    requested_by: email.resend?.requestedBy ?? null,
    list_unsubscribe: email.listUnsubscribe ?? null,
    created_at: now,
    updated_at: now,
  });
  if (id !== undefined) await ctx.jobs.send(trx, sendEmailJob, { messageId: id });
  return id;
}
