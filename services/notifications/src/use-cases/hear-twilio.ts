import { notificationMessages } from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import { keywordOf, smsTexts, twiml } from '../domain/texts.ts';
import { fallBackToEmail, sendEmailJob } from '../jobs/send-email.ts';
import { findTextBySid, recordTextOutcome, withdrawUnsentTexts } from '../repositories/message-repository.ts';
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

/**
 * A customer's text to the business: an opt-out word (STOP…) keeps the number opted out and withdraws its texts not
 * yet sent; an opt-in word (START…) texts it again; HELP answers with the business's name and phone. Twilio itself
 * answers STOP and START on a long code (its Advanced Opt-Out), so those get an empty TwiML answer; anything else too.
 */
export async function hearText(ctx: NotificationsContext, text: { from: string; body: string }): Promise<string> {
  const keyword = keywordOf(text.body);
  if (keyword === 'help') return twiml(smsTexts.help);
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
