import { customerDeletionCompletedEffect, customerDeletionCompletedTopic, customerTextReplyEffect, customerTextReplyTopic } from '@repo/contracts';

/**
 * What notifications tells other services, through its outbox: a customer's C or R answered to a reminder's text, and
 * that it erased a customer who asked to be forgotten.
 */
export const notificationsOutgoing = {
  [customerTextReplyTopic]: { to: 'booking', schema: customerTextReplyEffect },
  [customerDeletionCompletedTopic]: { to: 'accounts', schema: customerDeletionCompletedEffect },
} as const;
