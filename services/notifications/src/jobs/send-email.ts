import type { Kysely } from 'kysely';
import { z } from 'zod';
import { twilioStatusCallbackPath } from '@repo/contracts';
import { jobDefinition } from '@repo/service-kit';
import type { MessageRow, NotificationsDatabase, Trx } from '../db/schema.ts';
import type { BounceAddresses } from '../domain/bounces.ts';
import { MailerError, type Mailer } from '../domain/mailer.ts';
import { TexterError, type Texter } from '../domain/texter.ts';
import { textStateOf, textStatusError, type FinalTwilioStatus } from '../domain/texts.ts';
import { isReminderKind, reminderVerdict } from '../domain/reminders.ts';
import { lockRecordedAppointment } from '../repositories/appointment-repository.ts';
import { insertAttempt } from '../repositories/attempt-repository.ts';
import { lockTextSid, takeEarlyStatus } from '../repositories/early-text-status-repository.ts';
import {
  changeState,
  countAttempt,
  findByKey,
  findMessage,
  insertMessageIfAbsent,
  lockMessage,
  markSent,
  optedOutReason,
  recordFailure,
  recordTextOutcome,
  withdrawQueued,
} from '../repositories/message-repository.ts';
import { isOptedOut } from '../repositories/sms-opt-out-repository.ts';
import { isUnwanted, turnedOffReason } from '../repositories/preference-repository.ts';

/**
 * Sends one stored message (an email, or a text through Twilio: the job's name predates texts, and is kept so jobs
 * queued under it still run), in the service's own durable queue (pg-boss, in its database): scheduled in the transaction
 * that stores the message, so a message is never stored without its job nor sent without being stored. A failed
 * attempt is retried with backoff (1 s doubling to 5 minutes) up to NOTIFICATIONS_SEND_RETRY_LIMIT times; the row counts
 * every attempt and keeps the last error, and ends `sent`, or `failed` once the relay refused it for good or every
 * retry failed; each attempt is also a row of its own (`message_attempts`, the delivery log's). A job run again after
 * its email was sent (its process died before pg-boss heard) sends nothing.
 *
 * A scheduled message (a reminder) has its job scheduled for its due time; when the job runs (on time, or when the
 * service is back after being down) the message is checked against the newest version of its appointment recorded
 * (`reminderVerdict`) and then sent as any other, or withdrawn. A job whose message was withdrawn meanwhile (the
 * appointment moved, was cancelled or started) is dropped as stale.
 *
 * A text's SID is stored with its `sent` state; Twilio may have posted the text's final status before that commit, when
 * no text had the SID yet (`applyTextStatus` keeps it), so the same transaction applies a status kept for the SID.
 */
export const sendEmailJob = 'send-email';

export const sendEmailSchema = z.object({ messageId: z.number().int().positive() });

/** The part of notifications' context the send job works with (the database is the job's own). */
export type SendContext = {
  mailer: Mailer;
  now: () => Date;
  sendRetryLimit: number;
  /** Each email's signed bounce address (its envelope sender), when bounces are heard. */
  bounces?: BounceAddresses | undefined;
  /** Texts, when Twilio is configured; a text's status callback URL is built on the webhook origin. */
  sms: { texter: Texter; webhookOrigin: string } | undefined;
  /** For a text that failed for good: its email, sent instead (`fallBackToEmail`). */
  jobs: { send(trx: Trx, name: typeof sendEmailJob, payload: { messageId: number }): Promise<unknown> };
};

export const sendEmailJobDefinition = (context: () => SendContext, retryLimit: number) =>
  jobDefinition<typeof sendEmailSchema, NotificationsDatabase>({
    schema: sendEmailSchema,
    retryLimit,
    // Many reminders fall due in the same minute (every visit of a morning at its hour): a fetch takes several, and a full
    // one is followed by the next at once, so the backlog does not wait for the poll between emails.
    batchSize: 10,
    // A send whose process died (killed, or its machine lost) is retried on any replica within about 25 s (this and the
    // supervisor's 15 s pass), not after pg-boss's 15-minute expiry: a confirmation must not wait that long.
    heartbeatSeconds: 10,
    isStale: async (db, { messageId }) => (await findMessage(db, messageId))?.state === 'withdrawn',
    run: (db, { messageId }, meta) => sendEmail(context(), db, messageId, meta.attempt),
  });

async function sendEmail(ctx: SendContext, db: Kysely<NotificationsDatabase>, id: number, attempt: number): Promise<void> {
  let message = await findMessage(db, id);
  if (message?.state === 'scheduled') message = await releaseDue(ctx, db, message);
  else if (message?.state === 'queued' && attempt > 1 && isReminderKind(message.kind)) message = await withdrawIfVisitGone(ctx, db, message);
  if (!message || message.state !== 'queued') return;
  if (message.channel === 'sms' && (await isOptedOut(db, message.recipient))) {
    await withdrawQueued(db, id, optedOutReason, ctx.now());
    return;
  }
  // A staff member's resend was asked for by name; an original the customer no longer wants is withdrawn, saying why.
  if (message.resent_from === null && (await isUnwanted(db, message))) {
    await withdrawQueued(db, id, turnedOffReason(message.channel), ctx.now());
    return;
  }
  const attemptedAt = ctx.now();
  await countAttempt(db, id, attemptedAt);
  try {
    const { providerMessageId } = message.channel === 'sms' ? await sendText(ctx, message) : await ctx.mailer.send({
      messageId: message.email_message_id,
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
      attachments: message.calendar
        ? [{ filename: message.calendar_file_name ?? 'appointment.ics', content: message.calendar, contentType: 'text/calendar; charset=utf-8' }]
        : [],
      listUnsubscribe: message.list_unsubscribe ?? undefined,
      returnPath: ctx.bounces?.addressFor(message.id),
    });
    // The message and its attempt's row change together (the delivery log).
    await db.transaction().execute(async (trx) => {
      // A text's SID is held first: a status callback for it waits until this commits and then finds the text.
      if (message.channel === 'sms') await lockTextSid(trx, providerMessageId);
      await markSent(trx, id, providerMessageId, ctx.now());
      await insertAttempt(trx, { message_id: id, attempted_at: attemptedAt, outcome: 'sent', error: null, provider_message_id: providerMessageId });
      // Twilio's word that came before this commit, kept for the SID: applied as the callback would have applied it.
      const early = message.channel === 'sms' ? await takeEarlyStatus(trx, providerMessageId) : undefined;
      if (early) await recordTextStatus(ctx, trx, { ...message, state: 'sent', provider_message_id: providerMessageId }, early.status, early.error_code);
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const final = ((err instanceof MailerError || err instanceof TexterError) && err.permanent) || attempt > ctx.sendRetryLimit;
    await db.transaction().execute(async (trx) => {
      await recordFailure(trx, id, reason, final ? 'failed' : 'queued', ctx.now());
      await insertAttempt(trx, { message_id: id, attempted_at: attemptedAt, outcome: 'failed', error: reason, provider_message_id: null });
      if (final && message.channel === 'sms') await fallBackToEmail(ctx, trx, message);
    });
    if (!final) throw err;
  }
}

function sendText(ctx: SendContext, message: MessageRow): Promise<{ providerMessageId: string }> {
  // Twilio was configured when the text was stored, and is no longer: it fails for good, saying why.
  if (!ctx.sms) throw new TexterError('Texts are no longer configured (TWILIO_ACCOUNT_SID and the rest are not set).', true);
  return ctx.sms.texter.send({ to: message.recipient, body: message.text_body, statusCallback: `${ctx.sms.webhookOrigin}${twilioStatusCallbackPath}` });
}

/**
 * Records Twilio's final word on a text still `sent` (a status callback, or one kept because it came before the send job
 * stored the SID): its state and, unless delivered, why; once, since a later final word finds the text no longer `sent`
 * and changes nothing. A text that ends undelivered or failed falls back to email (`fallBackToEmail`), in the caller's
 * transaction.
 */
export async function recordTextStatus(ctx: Pick<SendContext, 'now' | 'jobs'>, trx: Trx, text: MessageRow, status: FinalTwilioStatus, errorCode: string | null): Promise<'recorded' | 'unchanged'> {
  const state = textStateOf[status];
  const changed = await recordTextOutcome(trx, text.id, state, textStatusError(status, errorCode), ctx.now());
  if (!changed) return 'unchanged';
  if (state !== 'delivered') await fallBackToEmail(ctx, trx, changed);
  return 'recorded';
}

/**
 * A text that could not reach the customer (Twilio refused it for good, every retry failed, or the carrier reported
 * it undelivered or failed) falls back to email: its email (same key) is sent unless one already was or is on its way
 * (the confirmation, notices, reminders and the technician's news are also emailed as they happen). When that email
 * failed, a copy of it (`<key>.sms-fallback`) is sent once; when there is none, or its content was removed (the
 * retention sweep), there is nothing to send.
 */
export async function fallBackToEmail(ctx: Pick<SendContext, 'now' | 'jobs'>, trx: Trx, text: MessageRow): Promise<number | undefined> {
  const email = await findByKey(trx, text.message_key, 'email');
  if (!email || email.state !== 'failed' || email.body_removed_at) return undefined;
  const now = ctx.now();
  const key = `${email.message_key}.sms-fallback`;
  const id = await insertMessageIfAbsent(trx, {
    message_key: key,
    kind: email.kind,
    channel: 'email',
    recipient: email.recipient,
    appointment_id: email.appointment_id,
    appointment_version: email.appointment_version,
    email_message_id: email.email_message_id.replace(/^<([^@]+)@/, `<$1.sms-fallback@`),
    state: 'queued',
    subject: email.subject,
    text_body: email.text_body,
    html_body: email.html_body,
    calendar: email.calendar,
    calendar_file_name: email.calendar_file_name,
    list_unsubscribe: email.list_unsubscribe,
    resent_from: email.id,
    requested_by: null,
    created_at: now,
    updated_at: now,
  });
  if (id !== undefined) await ctx.jobs.send(trx, sendEmailJob, { messageId: id });
  return id;
}

/**
 * A scheduled message that fell due, queued (to be sent by the caller at once) or withdrawn by the newest version of its
 * appointment recorded. The appointment's row is share-locked first, then the message's (the order an event applying a
 * newer version takes them in): either that event committed first and this sees its version, or it waits for this.
 */
async function releaseDue(ctx: SendContext, db: Kysely<NotificationsDatabase>, scheduled: MessageRow): Promise<MessageRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const appointment = scheduled.appointment_id === null ? undefined : await lockRecordedAppointment(trx, scheduled.appointment_id);
    const message = await lockMessage(trx, scheduled.id);
    if (message?.state !== 'scheduled') return message;
    const now = ctx.now();
    // A text held by quiet hours goes out when they end; only a reminder is checked against its visit.
    const verdict = message.appointment_version === null || message.due_at === null || !isReminderKind(message.kind)
      ? 'send'
      : reminderVerdict({ version: message.appointment_version, dueAt: message.due_at }, appointment, now);
    const state = verdict === 'send' ? 'queued' : 'withdrawn';
    await changeState(trx, message.id, 'scheduled', state, now);
    return { ...message, state };
  });
}

/**
 * A reminder whose first attempt failed is retried (the relay was down) only while its visit is still awaited and has
 * not started, as the newest recorded version says; otherwise it is withdrawn.
 */
async function withdrawIfVisitGone(ctx: SendContext, db: Kysely<NotificationsDatabase>, queued: MessageRow): Promise<MessageRow | undefined> {
  if (queued.appointment_id === null || queued.due_at === null) return queued;
  return db.transaction().execute(async (trx) => {
    const appointment = await lockRecordedAppointment(trx, queued.appointment_id!);
    const message = await lockMessage(trx, queued.id);
    if (message?.state !== 'queued') return message;
    const now = ctx.now();
    // The version may have moved on without the visit moving (a technician assigned): the visit's state decides here.
    const verdict = appointment ? reminderVerdict({ version: appointment.version, dueAt: queued.due_at! }, appointment, now) : 'withdraw';
    if (verdict === 'send') return message;
    await changeState(trx, message.id, 'queued', 'withdrawn', now);
    return { ...message, state: 'withdrawn' };
  });
}
