import { paymentSucceededEffect, paymentSucceededTopic } from '@repo/contracts';
import type { Effects } from '@repo/service-kit';

/** What payments tells other services through its outbox: notifications emails the receipt and the office's alert. */
export const paymentsOutgoing = {
  [paymentSucceededTopic]: { to: ['notifications'], schema: paymentSucceededEffect },
} as const;

/** The part of payments' effects its use cases use: writing a message into their transaction. */
export type PaymentsOutbox = Pick<Effects<typeof paymentsOutgoing>, 'enqueue'>;
