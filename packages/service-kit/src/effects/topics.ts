import type { z } from 'zod';
import type { ServiceName } from '@repo/contracts';

/**
 * The events a service publishes, by topic: the services subscribed to it and the schema of its payload (from
 * contracts). A topic with one subscriber may name it alone.
 */
export type OutgoingEffects = Record<string, { to: ServiceName | readonly ServiceName[]; schema: z.ZodType }>;

/** The subscribers of one topic, as a list. */
export const subscribersOf = (entry: OutgoingEffects[string]): readonly ServiceName[] => (typeof entry.to === 'string' ? [entry.to] : entry.to);

/** Every service that subscribes to at least one of the topics. */
export const allSubscribers = (outgoing: OutgoingEffects): ServiceName[] =>
  [...new Set(Object.values(outgoing).flatMap((entry) => subscribersOf(entry)))];

/**
 * The pg-boss queue that holds one subscriber's deliveries from `service`, in `service`'s own database: each
 * subscriber has its own retries and dead letters, so a peer that is down delays no other.
 */
export const deliveryQueue = (service: ServiceName, to: ServiceName) => `effects.${service}.${to}`;
/** Where a delivery goes once its retries are exhausted; it stays there for staff to see (and redrive). */
export const deadLetterQueue = (service: ServiceName, to: ServiceName) => `effects.${service}.${to}.dead`;

/**
 * What a delivery job carries: the message id the receiver records, the topic, the payload, the outbox's sequence
 * number (publish order within this service, which job creation times do not keep inside one batch), and the id of
 * the request that published it, for the receiver's logs (jobs made before it was kept have none).
 */
export type DeliveryJob = { messageId: string; topic: string; payload: unknown; sequence: number; requestId?: string };
