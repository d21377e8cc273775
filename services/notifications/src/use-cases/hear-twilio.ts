import { business, customerTextReplyTopic, notificationMessages } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { isFinalTwilioStatus, keywordOf, smsTexts, twiml, type TwilioStatus } from '../domain/texts.ts';
import { recordTextStatus, sendEmailJob } from '../jobs/send-email.ts';
import { keepEarlyStatus, lockTextSid } from '../repositories/early-text-status-repository.ts';
import { findTextBySid, findVisitAwaitingAnswer, withdrawUnsentTexts } from '../repositories/message-repository.ts';
import { optIn, optOut } from '../repositories/sms-opt-out-repository.ts';
import type { NotificationsContext } from './context.ts';

/**
 * Applies a status callback of Twilio's to the text it names. A final status (delivered, read, undelivered, failed) is
 * recorded on a text still `sent`, once (`recordTextStatus`: a text that ends undelivered or failed falls back to
 * email, in the same transaction); the steps before it (queued, sending, sent) change nothing, the row being `sent`
 * since Twilio took it.
 *
 * Twilio may call back before the send job has committed the SID its create-message call answered (a quick `failed`
 * or `undelivered`): a final status for a SID no text has yet is kept (`held`; answered 200, since Twilio logs an error
 * for anything but a 2xx) and applied by the send job in the transaction that stores the SID, so the outcome and its
 * fallback to email are not lost. One whose SID never shows up is dropped a day later by the retention sweep. A step
 * before the final one for a SID no text has is a 404: it would change nothing anyway. The SID is held
 * (`lockTextSid`) while the text is looked up, so a callback and the job storing the SID never miss each other.
 */
export async function applyTextStatus(ctx: NotificationsContext, callback: { sid: string; status: TwilioStatus; errorCode?: string }): Promise<{ status: 'recorded' | 'unchanged' | 'held' }> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockTextSid(trx, callback.sid);
    const text = await findTextBySid(trx, callback.sid);
    const final = isFinalTwilioStatus(callback.status) ? callback.status : undefined;
    if (!text) {
      if (!final) throw notFound(notificationMessages.unknownText);
      await keepEarlyStatus(trx, { sid: callback.sid, status: final, error_code: callback.errorCode ?? null, received_at: ctx.now() });
      return { status: 'held' as const };
    }
    if (!final) return { status: 'unchanged' as const };
    return { status: await recordTextStatus(ctx, trx, text, final, callback.errorCode ?? null) };
  });
}

/** "Tue, Dec 1": the visit's day in business time. */
const visitDay = new Intl.DateTimeFormat('en-US', { timeZone: business.timeZone, weekday: 'short', month: 'short', day: 'numeric' });

/**
 * A customer's answer to the day-before reminder's text (C to confirm, R for a call back), matched to the visit the
 * newest such text to that number was about, if that visit has not started and is still booked: booking is told
 * (`appointment.customer-text-reply`) in the transaction that finds it, and the customer is thanked. An answer no
 * reminder is waiting for gets the business's number instead.
 */
async function hearAnswer(ctx: NotificationsContext, answer: 'confirm' | 'call-back', text: { from: string; sid: string }): Promise<string> {
  const now = ctx.now();
  const visit = await ctx.db.transaction().execute(async (trx) => {
    const waiting = await findVisitAwaitingAnswer(trx, text.from, now);
    if (waiting) await ctx.effects.enqueue(trx, customerTextReplyTopic, { replyId: text.sid, appointmentId: waiting.appointmentId, answer, at: now.toISOString() });
    return waiting;
  });
  if (!visit) return twiml(smsTexts.noVisitToAnswer);
  return twiml(answer === 'confirm' ? smsTexts.confirmed({ day: visitDay.format(visit.startsAt) }) : smsTexts.callBack);
}

/**
 * A customer's text to the business: an opt-out word (STOP…) keeps the number opted out and withdraws its texts not
 * yet sent; an opt-in word (START…) texts it again; HELP answers with the business's name and phone; C or R answers
 * the day-before reminder (`hearAnswer`). Twilio itself answers STOP and START on a long code (its Advanced Opt-Out),
 * so those get an empty TwiML answer; anything else too.
 */
export async function hearText(ctx: NotificationsContext, text: { from: string; body: string; sid: string }): Promise<string> {
  const keyword = keywordOf(text.body);
  if (keyword === 'help') return twiml(smsTexts.help);
  if (keyword === 'confirm' || keyword === 'call-back') return hearAnswer(ctx, keyword, text);
  if (keyword === 'stop') {
    await ctx.db.transaction().execute(async (trx) => {
      await optOut(trx, text.from, ctx.now());
      for (const withdrawn of await withdrawUnsentTexts(trx, text.from, ctx.now())) {
        if (withdrawn.job_id) await ctx.jobs.cancel(trx, sendEmailJob, withdrawn.job_id);
      }
    });
  }
  if (keyword === 'start') await optIn(ctx.db, text.from);
  return twiml();
}
