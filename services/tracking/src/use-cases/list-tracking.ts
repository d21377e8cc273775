import type { TrackingList } from '@repo/contracts';
import { toTrackingRecord } from '../repositories/mappers.ts';
import { findActivePage } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import type { TrackingCaller } from './resolve-tracking-access.ts';

export type TrackingListFilters = { date?: string; page: number; pageSize: number };

/** Active tracking records a page at a time: every one for staff, a customer's own for a customer. */
export async function listTracking(ctx: TrackingContext, caller: TrackingCaller, filters: TrackingListFilters): Promise<TrackingList> {
  const page = { page: filters.page, pageSize: filters.pageSize };
  if (!caller.staff && caller.customerId === null) return { items: [], total: 0, ...page };
  const customerId = caller.staff ? undefined : (caller.customerId ?? undefined);
  const { rows, total } = await findActivePage(ctx.db, { ...filters, customerId });
  const now = ctx.now();
  return { items: rows.map((row) => toTrackingRecord(row, now)), total, ...page };
}
