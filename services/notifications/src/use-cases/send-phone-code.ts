import { phoneCode, type PhoneCodeRequested } from '@repo/contracts';
import type { Trx } from '../db/schema.ts';
import { smsTexts } from '../domain/texts.ts';
import type { NotificationsContext } from './context.ts';
import { queueText } from './queue-text.ts';

/** One text per code request: the key a redelivered event meets again. */
export const phoneCodeMessageKey = (requestId: string) => `phone-code.${requestId}`;

/**
 * Applies accounts' `account.phone-code-requested` in the receiver's transaction: the code's text to the number, at
 * once whatever the hour (the customer is waiting for it). Nothing is stored when texts are off or the number replied
 * STOP (the portal's message says to reply START first).
 */
export async function sendPhoneCode(ctx: NotificationsContext, trx: Trx, event: PhoneCodeRequested): Promise<void> {
  await queueText(ctx, trx, {
    key: phoneCodeMessageKey(event.requestId),
    kind: 'phone-code',
    recipient: event.phone,
    body: smsTexts['phone-code']({ code: event.code, minutes: phoneCode.validMinutes }),
  });
}
