import type { Kysely } from 'kysely';
import { z } from 'zod';
import { jobDefinition } from '@repo/service-kit';
import type { NotificationsDatabase } from '../db/schema.ts';
import { MailerError, type Mailer } from '../domain/mailer.ts';
import { countAttempt, findMessage, markSent, recordFailure } from '../repositories/message-repository.ts';

/**
 * Sends one stored email, in the service's own durable queue (pg-boss, in its database): scheduled in the transaction
 * that stores the message, so a message is never stored without its job nor sent without being stored. A failed
 * attempt is retried with backoff (1 s doubling to 5 minutes) up to NOTIFICATIONS_SEND_RETRY_LIMIT times; the row counts
 * every attempt and keeps the last error, and ends `sent`, or `failed` once the relay refused it for good or every
 * retry failed. A job run again after its email was sent (its process died before pg-boss heard) sends nothing.
 */
export const sendEmailJob = 'send-email';

export const sendEmailSchema = z.object({ messageId: z.number().int().positive() });

/** The part of notifications' context the send job works with (the database is the job's own). */
export type SendContext = { mailer: Mailer; now: () => Date; sendRetryLimit: number };

export const sendEmailJobDefinition = (context: () => SendContext, retryLimit: number) =>
  jobDefinition<typeof sendEmailSchema, NotificationsDatabase>({
    schema: sendEmailSchema,
    retryLimit,
    run: (db, { messageId }, meta) => sendEmail(context(), db, messageId, meta.attempt),
  });

async function sendEmail(ctx: SendContext, db: Kysely<NotificationsDatabase>, id: number, attempt: number): Promise<void> {
  const message = await findMessage(db, id);
  if (!message || message.state !== 'queued') return;
  await countAttempt(db, id, ctx.now());
  try {
    const { providerMessageId } = await ctx.mailer.send({
      messageId: message.email_message_id,
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
      attachments: message.calendar
        ? [{ filename: message.calendar_file_name ?? 'appointment.ics', content: message.calendar, contentType: 'text/calendar; charset=utf-8' }]
        : [],
    });
    await markSent(db, id, providerMessageId, ctx.now());
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const final = (err instanceof MailerError && err.permanent) || attempt > ctx.sendRetryLimit;
    await recordFailure(db, id, reason, final ? 'failed' : 'queued', ctx.now());
    if (!final) throw err;
  }
}
