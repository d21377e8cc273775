import type { RunningSandbox } from '@repo/field-service/sandbox';

/**
 * The customer pages the ServicePro sandbox was asked for, in order (its `page` cursor), from its request log; only
 * those that arrived from `since` and before `until` when given (times as the log's, milliseconds since the epoch).
 */
export const pagesRead = (sandbox: Pick<RunningSandbox, 'requests'>, { since = 0, until = Infinity } = {}): number[] =>
  sandbox.requests
    .filter((request) => request.path === '/customers' && request.at >= since && request.at < until)
    .map((request) => Number(request.query.page));

/** `from`, `from + 1` … `to` (empty when `to < from`). */
export const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
