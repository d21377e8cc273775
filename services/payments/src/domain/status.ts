import { finalPaymentStatuses, type PaymentStatus } from '@repo/contracts';

/** A status and when it became true at the provider; `at` is null for the pending status a new intent starts in. */
export type StatusPoint = { status: PaymentStatus; at: Date | null };

/**
 * Breaks ties between events of the same second (Stripe's `created` has second precision): a failure after
 * processing is the likely order, and money moved (succeeded) outranks a cancellation.
 */
const rank: Record<PaymentStatus, number> = { pending: 0, processing: 1, failed: 2, canceled: 3, succeeded: 4 };

export const isFinalStatus = (status: PaymentStatus): boolean => finalPaymentStatuses.includes(status);

/**
 * Whether `next` replaces `current`. A final status (succeeded, canceled) is never left; otherwise the later event
 * wins, and within one second the higher rank. This is a strict order, so the status a set of events leaves behind
 * does not depend on the order they arrive in or on repeats.
 */
export function supersedes(next: StatusPoint, current: StatusPoint): boolean {
  const nextFinal = isFinalStatus(next.status);
  const currentFinal = isFinalStatus(current.status);
  if (nextFinal !== currentFinal) return nextFinal;
  if (nextFinal) return rank[next.status] > rank[current.status];
  const nextAt = next.at?.getTime() ?? -Infinity;
  const currentAt = current.at?.getTime() ?? -Infinity;
  if (nextAt !== currentAt) return nextAt > currentAt;
  return rank[next.status] > rank[current.status];
}
