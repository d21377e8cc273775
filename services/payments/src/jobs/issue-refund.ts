import { jobDefinition } from '@repo/service-kit';
import { issueRefundPayload, type PaymentsJobs } from '../domain/outgoing.ts';
import type { PaymentsContext } from '../use-cases/context.ts';
import { issueRefund } from '../use-cases/issue-refund.ts';

/**
 * The durable half of every refund: scheduled in the transaction that records it, so a refund is given even when the
 * provider was unreachable or the process stopped right after. The provider's idempotency key makes a second attempt
 * the same refund, never a second one. About a day of retries, as effects have.
 */
export const paymentsJobs = (context: () => PaymentsContext): PaymentsJobs => ({
  'issue-refund': jobDefinition({
    schema: issueRefundPayload,
    retryLimit: 16,
    run: async (_db, { refundId }) => {
      await issueRefund(context(), refundId);
    },
  }),
});
