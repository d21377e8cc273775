import { businessDate, type InvoiceListFilters, type InvoiceListResponse } from '@repo/contracts';
import { findInvoicePage, type InvoiceFilters } from '../repositories/invoice-repository.ts';
import { toInvoiceSummary } from '../repositories/mappers.ts';
import type { PaymentsContext } from './context.ts';
import type { SessionCaller } from './get-invoice.ts';

/** The stored statuses and due-date bounds behind each status people filter by (overdue is read from the due date). */
function statusFilter(status: InvoiceListFilters['status'], today: string): InvoiceFilters {
  if (!status) return {};
  if (status === 'overdue') return { statuses: ['sent', 'partially_paid'], overdueBefore: today };
  if (status === 'sent' || status === 'partially_paid') return { statuses: [status], notOverdueOn: today };
  return { statuses: [status] };
}

/**
 * Staff see every invoice (or one customer account's, by `customerId`); a customer the sent (and later) invoices of
 * their own appointments. Newest first.
 */
export async function listInvoices(ctx: PaymentsContext, caller: SessionCaller, query: InvoiceListFilters): Promise<InvoiceListResponse> {
  const today = businessDate(ctx.now());
  const customerOnly: InvoiceFilters = caller.role === 'customer' ? { customerId: caller.customerId ?? -1, excludeDrafts: true } : { customerId: query.customerId };
  const { rows, total } = await findInvoicePage(
    ctx.db,
    { ...statusFilter(query.status, today), ...customerOnly, appointmentId: query.appointmentId, search: query.search || undefined },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items: rows.map((row) => toInvoiceSummary(row, row, today)), total, page: query.page, pageSize: query.pageSize };
}
