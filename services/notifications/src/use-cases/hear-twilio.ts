import { business, customerTextReplyTopic, notificationMessages } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { keywordOf, smsTexts, twiml } from '../domain/texts.ts';
import { fallBackToEmail, sendEmailJob } from '../jobs/send-email.ts';
import { findTextBySid, findVisitAwaitingAnswer, recordTextOutcome, withdrawUnsentTexts } from '../repositories/message-repository.ts';
import { optIn, optOut } from '../repositories/sms-opt-out-repository.ts';
import type { NotificationsContext } from './context.ts';

/** Twilio's message statuses (its status callbacks' MessageStatus). */
export const twilioStatuses = ['accepted', 'scheduled', 'canceled', 'queued', 'sending', 'sent', 'failed', 'delivered', 'undelivered', 'receiving', 'received', 'read', 'partially_delivered'] as const;
export type TwilioStatus = (typeof twilioStatuses)[number];

const finalStates: Partial<Record<TwilioStatus, 'delivered' | 'undelivered' | 'failed'>> = { delivered: 'delivered', read: 'delivered', undelivered: 'undelivered', failed: 'failed' };

/**
 * Applies a status callback of Twilio's to the text it names (404 when no text has that SID): a final status
 * (delivered, undelivered, failed) is recorded on a text still `sent`, once; the steps before it (queued, sending,
 * sent) change nothing, the row being `sent` since Twilio took it. A text that ends undelivered or failed falls back to
 * email (`fallBackToEmail`), in the same transaction.
 */
export async function applyTextStatus(ctx: NotificationsContext, callback: { sid: string; status: TwilioStatus; errorCode?: string }): Promise<{ status: 'recorded' | 'unchanged' }> {
  return ctx.db.transaction().execute(async (trx) => {
    const text = await findTextBySid(trx, callback.sid);
    if (!text) throw notFound(notificationMessages.unknownText);
    const state = finalStates[callback.status];
    if (!state) return { status: 'unchanged' as const };
    const error = state === 'delivered' ? null : `Twilio reported the text ${state}${callback.errorCode ? ` (error ${callback.errorCode})` : ''}.`;
    const changed = await recordTextOutcome(trx, text.id, state, error, ctx.now());
    if (!changed) return { status: 'unchanged' as const };
    if (state !== 'delivered') await fallBackToEmail(ctx, trx, changed);
    return { status: 'recorded' as const };
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
