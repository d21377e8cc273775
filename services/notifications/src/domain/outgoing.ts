import { customerTextReplyEffect, customerTextReplyTopic } from '@repo/contracts';

/** What notifications tells other services, through its outbox: a customer's C or R answered to a reminder's text. */
export const notificationsOutgoing = {
  [customerTextReplyTopic]: { to: 'booking', schema: customerTextReplyEffect },
} as const;
