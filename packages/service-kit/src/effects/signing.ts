import { createHmac, timingSafeEqual } from 'node:crypto';
import { internalPathPrefix } from '@repo/contracts';

/** Where a peer receives a topic: under the internal prefix, which the public gateway never routes. */
export const effectPath = (topic: string) => `${internalPathPrefix}effects/${encodeURIComponent(topic)}`;

/** Where a peer receives a batch of messages; the batch is signed as if it were a message of this topic. */
export const effectBatchPath = `${internalPathPrefix}effect-batches`;
export const EFFECT_BATCH_TOPIC = 'effect-batch';

/** Headers a delivery carries: who sends it, when, which message, and the signature over all of it and the body. */
export const effectHeaders = {
  service: 'x-service-name',
  timestamp: 'x-service-timestamp',
  messageId: 'x-message-id',
  signature: 'x-service-signature',
} as const;

export type SignedParts = { timestamp: string; messageId: string; topic: string; body: string };

/** HMAC-SHA256 under the sender's own key over `timestamp.messageId.topic.body`, hex. */
export function signDelivery(key: string, parts: SignedParts): string {
  return createHmac('sha256', key).update(`${parts.timestamp}.${parts.messageId}.${parts.topic}.${parts.body}`).digest('hex');
}

export function signatureMatches(key: string, parts: SignedParts, signature: string): boolean {
  const expected = Buffer.from(signDelivery(key, parts), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The headers of one delivery from `service`, signed now with its key. */
export function signedDeliveryHeaders(service: string, key: string, message: Omit<SignedParts, 'timestamp'>): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000).toString();
  return {
    'content-type': 'application/json',
    [effectHeaders.service]: service,
    [effectHeaders.timestamp]: timestamp,
    [effectHeaders.messageId]: message.messageId,
    [effectHeaders.signature]: signDelivery(key, { ...message, timestamp }),
  };
}
