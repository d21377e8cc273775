import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MemorySessionStore } from './sessions/memory-store.ts';

/** A service's Fastify instance: typed by its zod schemas. Below create-service.ts, so any module may name it. */
export type ServiceApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * What a service takes from its surroundings besides env and database. Production uses `systemRuntime`; a test
 * replaces the clock, and brings the sessions it opened itself (`sessions`, answered before the service's own store,
 * which answers every other session as in production).
 */
export type ServiceRuntime = {
  now: () => Date;
  sessions?: MemorySessionStore;
  /** Where the service's log lines go (default: stdout); a host running several services gives each its own file. */
  logStream?: NodeJS.WritableStream;
};
