import type { Trx } from '../db/schema.ts';
import { emailMessageId } from '../domain/messages.ts';
import { afterQuietHours, ignoresQuietHours, type TextKind } from '../domain/texts.ts';
import { sendEmailJob } from '../jobs/send-email.ts';
import { insertMessageIfAbsent, markScheduled } from '../repositories/message-repository.ts';
import { isOptedOut } from '../repositories/sms-opt-out-repository.ts';
import type { NotificationsContext } from './context.ts';

/** A text to send, with the key its event gives it (the same key as its email: one message per key and channel). */
export type TextToQueue = {
  key: string;
  kind: TextKind;
  /** E.164. */
  recipient: string;
  body: string;
  /** The appointment it is about, and the version it was written from (null as for an email: `EmailToQueue`). */
  appointment?: { id: number; version: number | null };
  /** A resend: the message it copies and who asked for it. */
  resend?: { from: number; requestedBy: string };
};

/**
 * Stores a text with its send job, in the caller's transaction, when texts are configured and its number has not
 * opted out (otherwise nothing is stored). It falls due at `dueAt` (a reminder) or now, moved to the end of quiet
 * hours unless it is the technician's on-the-way text: `queued` with its job now, or `scheduled` with its job
 * delayed until then. Its id, or undefined when nothing was stored (no texts, opted out, or its key had a text).
 */
export async function queueText(ctx: Pick<NotificationsContext, 'now' | 'from' | 'jobs' | 'sms'>, trx: Trx, text: TextToQueue, dueAt?: Date): Promise<number | undefined> {
  if (!ctx.sms || (await isOptedOut(trx, text.recipient))) return undefined;
  const now = ctx.now();
  const wanted = dueAt ?? now;
  const due = ignoresQuietHours(text.kind) ? wanted : afterQuietHours(wanted, ctx.sms.quietHours);
  const id = await insertMessageIfAbsent(trx, {
    message_key: text.key,
    kind: text.kind,
    channel: 'sms',
    recipient: text.recipient,
    appointment_id: text.appointment?.id ?? null,
    appointment_version: text.appointment?.version ?? null,
    // Unique among every message's: the text's own, beside its email's (a text has no Message-ID header).
    email_message_id: emailMessageId(`${text.key}.sms`, ctx.from),
    state: 'queued',
    subject: text.body.length > 78 ? `${text.body.slice(0, 77)}…` : text.body,
    text_body: text.body,
    html_body: '',
    calendar: null,
    calendar_file_name: null,
    resent_from: text.resend?.from ?? null,
    requested_by: text.resend?.requestedBy ?? null,
    created_at: now,
    updated_at: now,
  });
  if (id === undefined) return undefined;
  if (due.getTime() <= now.getTime()) {
    await ctx.jobs.send(trx, sendEmailJob, { messageId: id });
  } else {
    // As a delay from now: the queue runs on the database's clock, and the service's clock may be a test's.
    const jobId = await ctx.jobs.sendAfter(trx, sendEmailJob, { messageId: id }, (due.getTime() - now.getTime()) / 1000);
    await markScheduled(trx, id, due, jobId);
  }
  return id;
}
