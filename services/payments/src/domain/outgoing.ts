import { z } from 'zod';
import { customerDeletionCompletedEffect, customerDeletionCompletedTopic, invoiceSentEffect, invoiceSentTopic, paymentSucceededEffect, paymentSucceededTopic } from '@repo/contracts';
import type { Effects, JobDefinition } from '@repo/service-kit';

/**
 * What payments tells other services through its outbox: notifications emails the receipt and the office's alert, and
 * a sent invoice's link to its customer.
 */
export const paymentsOutgoing = {
  [paymentSucceededTopic]: { to: ['notifications'], schema: paymentSucceededEffect },
  [invoiceSentTopic]: { to: ['notifications'], schema: invoiceSentEffect },
  [customerDeletionCompletedTopic]: { to: ['accounts'], schema: customerDeletionCompletedEffect },
} as const;

/** Payments' own job: give a refund through the provider, retried until the provider answers (see `issueRefund`). */
export const issueRefundJob = 'issue-refund';
/**
 * How long a refund staff asked for waits before its job tries it, when the attempt made at once has not settled it: the
 * backstop for a provider that could not be reached, not a second attempt racing the first with the same idempotency
 * key (which Stripe refuses while the first is in flight).
 */
export const refundBackstopSeconds = 30;
export const issueRefundPayload = z.object({ refundId: z.number().int().positive() });
export type PaymentsJobs = { [issueRefundJob]: JobDefinition<typeof issueRefundPayload> };

/** The part of payments' effects its use cases use: writing a message or a job into their transaction. */
export type PaymentsOutbox = Pick<Effects<typeof paymentsOutgoing, PaymentsJobs>, 'enqueue' | 'send' | 'sendAfter'>;
