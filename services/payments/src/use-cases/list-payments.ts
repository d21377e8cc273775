import { addDays, businessInstant, type PaymentListFilters, type PaymentListResponse } from '@repo/contracts';
import { toPaymentListItem } from '../repositories/mappers.ts';
import { findPaymentPage } from '../repositories/payment-repository.ts';
import type { PaymentsContext } from './context.ts';

/** The staff ledger, newest first; the date filters are whole business days (America/New_York). */
export async function listPayments(ctx: PaymentsContext, query: PaymentListFilters): Promise<PaymentListResponse> {
  const { status, provider, from, to, reference, page, pageSize } = query;
  const { rows, total } = await findPaymentPage(
    ctx.db,
    {
      status,
      provider,
      reference,
      createdFrom: from ? businessInstant(from, '00:00') : undefined,
      createdBefore: to ? businessInstant(addDays(to, 1), '00:00') : undefined,
    },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { items: rows.map(toPaymentListItem), total, page, pageSize };
}
