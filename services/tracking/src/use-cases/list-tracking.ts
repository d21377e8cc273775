import type { TrackingList } from '@repo/contracts';
import { findActivePage } from '../repositories/tracking-record-repository.ts';
import type { TrackingContext } from './context.ts';
import { presentRecords } from './present-tracking.ts';
import type { TrackingCaller } from './resolve-tracking-access.ts';

export type TrackingListFilters = { date?: string; page: number; pageSize: number };

/**
 * Active tracking records a page at a time: every one for staff, a customer's own for a customer, a technician's own
 * jobs for a technician.
 */
export async function listTracking(ctx: TrackingContext, caller: TrackingCaller, filters: TrackingListFilters): Promise<TrackingList> {
  const page = { page: filters.page, pageSize: filters.pageSize };
  const technicianId = caller.technicianId ?? undefined;
  if (!caller.staff && caller.customerId === null && technicianId === undefined) return { items: [], total: 0, ...page };
  const customerId = caller.staff ? undefined : (caller.customerId ?? undefined);
  const { rows, total } = await findActivePage(ctx.db, { ...filters, customerId, technicianId: caller.staff ? undefined : technicianId });
  // Staff and a technician (their own jobs) see every record whole; a customer as its owner does (see toTrackingRecord).
  return { items: await presentRecords(ctx, rows, customerId === undefined ? 'full' : 'customer'), total, ...page };
}
