import type { ServiceName } from '@repo/contracts';
import type { Database } from '../db/index.ts';
import { statusSourcesOf } from '../effects/create-effects.ts';
import { deliveryStates as statesOf, publishedPayloads, type DeliveryState, type StatusSource } from '../effects/status.ts';
import { subscribersOf } from '../effects/topics.ts';

/**
 * Test helpers that read what a running service published, through the kit (pg-boss's public API and the kit's
 * outbox table), so tests never depend on queue names or pg-boss's tables. They need the service's effects to have
 * started, which `createTestService` does (the app is ready).
 */

function sourceFor(database: Database<any>, matches: (source: StatusSource) => boolean, what: string): StatusSource {
  const found = statusSourcesOf(database).filter(matches);
  if (found.length !== 1) throw new Error(`effects test helper: ${found.length === 0 ? 'no running sender' : 'several running senders'} ${what} on this database`);
  return found[0]!;
}

/**
 * The payloads a service published on `topic` that are still kept, delivered or not, in publish order. With `from`,
 * the publishing service (needed only when several publish the topic from the same database).
 */
export async function publishedEffects<T = unknown>(database: Database<any>, topic: string, options: { from?: ServiceName } = {}): Promise<T[]> {
  const source = sourceFor(
    database,
    (candidate) => candidate.outgoing[topic] !== undefined && (options.from === undefined || candidate.service === options.from),
    `publishes ${topic}`,
  );
  return (await publishedPayloads(source, topic)) as T[];
}

/**
 * Where one published message stands with each subscriber: 'outbox' (not moved to the queues yet), a pg-boss job
 * state ('created', 'retry', 'active', 'completed', 'cancelled', 'failed'), or 'dead' (retries spent). Empty when the
 * message does not exist (e.g. its transaction rolled back).
 */
export async function deliveryStates(database: Database<any>, messageId: string, options: { from?: ServiceName } = {}): Promise<Partial<Record<ServiceName, DeliveryState>>> {
  const source = sourceFor(database, (candidate) => options.from === undefined || candidate.service === options.from, 'on this database');
  return statesOf(source, messageId);
}

/** The subscribers of a topic a running sender on this database publishes. */
export function subscribersOfTopic(database: Database<any>, topic: string): readonly ServiceName[] {
  const source = sourceFor(database, (candidate) => candidate.outgoing[topic] !== undefined, `publishes ${topic}`);
  return subscribersOf(source.outgoing[topic]!);
}
