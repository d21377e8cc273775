import { z } from 'zod';
import { serviceNames } from './routes.ts';

/**
 * Durable cross-service effects: what a sending service reports to staff about the messages it still owes its peers
 * (`GET /api/deliveries/<service>`), and what a receiving service answers a delivery with.
 */

const serviceName = z.enum(serviceNames);
const count = z.number().int().min(0);

/** Counts for one peer and topic. Pending is queued, waiting for a retry, or being delivered right now. */
export const deliveryRouteStatusSchema = z.object({
  to: serviceName,
  topic: z.string(),
  pending: count,
  failed: count,
  /** Age of the oldest pending message in whole seconds; null when nothing is pending. */
  oldestPendingSeconds: count.nullable(),
});
export type DeliveryRouteStatus = z.infer<typeof deliveryRouteStatusSchema>;

/** A delivery attempt that did not succeed: still being retried, or given up on (kept until cleaned up). */
export const deliveryFailureSchema = z.object({
  messageId: z.uuid(),
  to: serviceName,
  topic: z.string(),
  state: z.enum(['retrying', 'failed']),
  attempts: count,
  /** What went wrong on the last attempt (e.g. the peer's status and error message); never the payload. */
  error: z.string(),
  at: z.iso.datetime(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

export const deliveryStatusSchema = z.object({
  service: serviceName,
  /** Messages not yet delivered: waiting (the routes' pending) plus those being attempted right now. */
  pending: count,
  /**
   * Of `pending`, the deliveries being attempted right now, by any replica. This count comes from the queue's
   * statistics, which the sender refreshes every few seconds; the routes' counts are current.
   */
  inFlight: count.optional(),
  failed: count,
  oldestPendingSeconds: count.nullable(),
  routes: z.array(deliveryRouteStatusSchema),
  /** The most recent failures, newest first. */
  recentFailures: z.array(deliveryFailureSchema),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** The receiver's answer to a delivery: applied now, or already applied earlier (a redelivery). */
export const effectReceiptSchema = z.object({
  messageId: z.uuid(),
  status: z.enum(['applied', 'duplicate']),
});
export type EffectReceipt = z.infer<typeof effectReceiptSchema>;

/** Messages a sender delivers to one receiver in one signed call (see `effectBatchPath`). */
/** A request id as services log it and pass it on (X-Request-Id): the gateway's 32 hex digits, or a caller's own. */
export const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export const effectBatchSchema = z.object({
  messages: z
    .array(
      z.object({
        messageId: z.uuid(),
        topic: z.string().min(1).max(200),
        payload: z.unknown(),
        /** The id of the request whose work published the event, when there was one: receivers log it. */
        requestId: z.string().regex(requestIdPattern).optional(),
      }),
    )
    .min(1, 'A batch holds at least one message')
    .max(500, 'A batch holds at most 500 messages'),
});
export type EffectBatch = z.infer<typeof effectBatchSchema>;

/**
 * The receiver's answer to a batch, one result per message: applied now, already applied earlier, refused (a topic the
 * sender may not send, or a payload that does not match its schema: retrying cannot help), or failed (its handler
 * threw: a retry may succeed).
 */
export const effectBatchReceiptSchema = z.object({
  results: z.array(
    z.object({
      messageId: z.uuid(),
      status: z.enum(['applied', 'duplicate', 'refused', 'failed']),
      error: z.string().optional(),
    }),
  ),
});
export type EffectBatchReceipt = z.infer<typeof effectBatchReceiptSchema>;
