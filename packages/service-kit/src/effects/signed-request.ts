import type { FastifyRequest } from 'fastify';
import type { ServiceName } from '@repo/contracts';
import { effectHeaders, signatureMatches } from './signing.ts';

/** How far a signed request's timestamp may be from this server's clock. */
export const DEFAULT_MAX_SKEW_SECONDS = 300;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export type SignedRequest = { sender: ServiceName; messageId: string };

/**
 * Checks a request signed by a peer service (an effect delivery, a session check): it names a sender whose key is in
 * `trusted`, carries a message id and a fresh timestamp, and its signature covers them, the topic and the exact body.
 * Returns the sender and message id, or undefined when any of that fails.
 */
export function verifySignedRequest(
  request: FastifyRequest,
  { trusted, topic, body, maxSkewSeconds = DEFAULT_MAX_SKEW_SECONDS }: { trusted: Partial<Record<ServiceName, string>>; topic: string; body: string; maxSkewSeconds?: number },
): SignedRequest | undefined {
  const sender = header(request, effectHeaders.service) as ServiceName | undefined;
  const timestamp = header(request, effectHeaders.timestamp) ?? '';
  const messageId = header(request, effectHeaders.messageId) ?? '';
  const signature = header(request, effectHeaders.signature) ?? '';
  const key = sender && Object.hasOwn(trusted, sender) ? trusted[sender] : undefined;
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  const signed =
    key !== undefined &&
    uuidPattern.test(messageId) &&
    /^\d+$/.test(timestamp) &&
    age <= maxSkewSeconds &&
    signatureMatches(key, { timestamp, messageId, topic, body }, signature);
  return signed && sender ? { sender, messageId } : undefined;
}
