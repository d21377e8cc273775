import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request the code running now works for. `createService` opens one per request with the request's id (the
 * gateway's X-Request-Id); an effect's receiver opens one per message with the id of the request that published it,
 * so the events a handler publishes in turn carry that first id on, and one id follows a booking through every service's
 * logs. Work started by a timer (jobs, sweeps) has none.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request the running code works for, if any. */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Runs `work` (and everything it starts) for the request `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => context.run({ requestId }, work);
